import { useQuery } from '@tanstack/react-query';
import {
  type BuyStep,
  DEFAULT_PACKAGE_TYPE,
  fenToYuan,
  isQrPayUrl,
  ORDER_STATUS_POLL_MS,
  type OrderCreated,
  PACKAGE_TYPES,
  type PricePackage,
} from '@yanbo/contracts';
import { Alert, Button, Card, Result, Spin, Steps, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { newIdempotencyKey } from '../../app/http';
import { useMe } from '../../app/session';
import { packageTypeText, priceTexts as t } from '../../locales/zh-CN/price';
import {
  packageConfigQuery,
  packagesQuery,
  useCreateOrder,
  useOrderStatus,
  useRefreshAfterPayment,
} from './api/packages';
import {
  BUY_STEP,
  currentBuyStep,
  isSettled,
  orderBody,
  orderIdFromSearch,
  packagesOfType,
  packageTypeFromSearch,
} from './buy-rules';
import { ConfirmOrder, type ConfirmValues } from './components/confirm-order';
import { CurrentPackageCard } from './components/current-package';
import { PackageCards } from './components/package-cards';
import { PayQrModal } from './components/pay-qr-modal';
import { PendingOrderActions } from './components/pending-order-actions';

/** The browser leaves the console for the pay provider's page (seed 000 §4: the answer carries a url). */
function goToPayPage(url: string) {
  window.location.assign(url);
}

/**
 * /price: the agent's current package, the packages by type (the tab defaults to trail), and the buy flow, buyStep
 * from 0: choose a package, confirm it (promotion code, and the activity for package 100005), pay at the provider's
 * page, and the result, polled until the order is paid or failed (seed 000 §4, seed 001 §4).
 */
export function PricePage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const orderIdInAddress = orderIdFromSearch(searchParams);
  const type = packageTypeFromSearch(searchParams);
  const me = useMe();
  const canBuy = me.data?.isSubAgent === false;
  const packages = useQuery(packagesQuery());
  const config = useQuery(packageConfigQuery());
  const pollMs = config.data?.statusPollMs ?? ORDER_STATUS_POLL_MS;

  const [localStep, setLocalStep] = useState<BuyStep>(BUY_STEP.choose);
  const [chosen, setChosen] = useState<PricePackage | null>(null);
  const [created, setCreated] = useState<OrderCreated | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  // One Idempotency-Key per order the agent means to place: a second click of 提交订单 (or a retry after a lost
  // answer) gets the same order back instead of a second one (issue 8: orders 700001 and 700002, 35 ms apart). A
  // refused order (a wrong promotion code) gets a new key, so its corrected form is a new request.
  const orderKey = useRef(newIdempotencyKey());
  const step = currentBuyStep(localStep, orderIdInAddress);
  const createOrder = useCreateOrder();

  const status = useOrderStatus(orderIdInAddress, pollMs);
  const settled = isSettled(status.data?.status);
  const refreshAfterPayment = useRefreshAfterPayment();
  const refreshed = useRef<number | null>(null);
  useEffect(() => {
    if (!settled || !status.data || refreshed.current === status.data.orderId) return;
    refreshed.current = status.data.orderId;
    void refreshAfterPayment();
  }, [settled, status.data, refreshAfterPayment]);

  const restart = () => {
    setLocalStep(BUY_STEP.choose);
    setChosen(null);
    setCreated(null);
    setSearchParams(type === DEFAULT_PACKAGE_TYPE ? {} : { type });
  };
  const choose = (pkg: PricePackage) => {
    orderKey.current = newIdempotencyKey();
    setChosen(pkg);
    setLocalStep(BUY_STEP.confirm);
  };
  const submit = (values: ConfirmValues) => {
    if (!chosen || createOrder.isPending) return;
    createOrder.mutate(
      { body: orderBody(chosen, values), idempotencyKey: orderKey.current },
      {
        onError: () => {
          orderKey.current = newIdempotencyKey();
        },
        onSuccess: (order) => {
          setCreated(order);
          // A code_url is scanned, not opened: the result step polls the order while the QR code is shown over it.
          if (isQrPayUrl(order.url)) {
            setQrOpen(true);
            setSearchParams({ orderId: String(order.orderId) });
            return;
          }
          setLocalStep(BUY_STEP.pay);
          goToPayPage(order.url);
        },
      },
    );
  };

  const qrOrder = created && isQrPayUrl(created.url) && created.orderId === orderIdInAddress ? created : null;
  // 继续支付 of an order whose pay page is a WeChat Pay QR code: the code is shown over the waiting result.
  const resumeQr = (url: string) => {
    if (!status.data) return;
    const { orderId, amount } = status.data;
    setCreated({ orderId, url, amount, listPrice: amount, discount: 0, status: 'init' });
    setQrOpen(true);
  };
  const paidPackage = packages.data?.items.find((item) => item.id === status.data?.packageId);
  const resultStatus = step === BUY_STEP.result ? status.data?.status : undefined;
  const stepStatus = resultStatus === 'paid' ? 'finish' : resultStatus === 'failed' ? 'error' : 'process';

  return (
    <>
      <PageHeader name="price" />
      {me.data?.isSubAgent && <Alert type="info" showIcon title={t['price.subagent']} style={{ marginBottom: 16 }} />}
      <CurrentPackageCard current={config.data?.current} freePlan={config.data?.freePlan} loading={config.isLoading} />
      <Card>
        <Steps
          current={step}
          status={stepStatus}
          style={{ marginBottom: 24 }}
          items={[
            { title: t['price.step.choose'] },
            { title: t['price.step.confirm'] },
            { title: t['price.step.pay'] },
            { title: t['price.step.result'] },
          ]}
        />
        {step === BUY_STEP.choose && (
          <Tabs
            activeKey={type}
            onChange={(key) => setSearchParams(key === DEFAULT_PACKAGE_TYPE ? {} : { type: key })}
            items={PACKAGE_TYPES.map((key) => ({
              key,
              label: packageTypeText(key),
              children: packages.isLoading ? (
                <Spin style={{ display: 'block', padding: 48 }} />
              ) : (
                <PackageCards
                  packages={packagesOfType(packages.data?.items ?? [], key)}
                  canBuy={canBuy}
                  onBuy={choose}
                />
              ),
            }))}
          />
        )}
        {step === BUY_STEP.confirm && chosen && (
          <ConfirmOrder
            pkg={chosen}
            current={config.data?.current}
            submitting={createOrder.isPending}
            onBack={() => setLocalStep(BUY_STEP.choose)}
            onSubmit={submit}
          />
        )}
        {step === BUY_STEP.pay && created && (
          <Result
            icon={<Spin size="large" />}
            title={t['price.pay.redirecting']}
            subTitle={t['price.pay.hint'](fenToYuan(created.amount))}
            extra={
              <Button type="primary" onClick={() => goToPayPage(created.url)}>
                {t['price.pay.open']}
              </Button>
            }
          />
        )}
        {step === BUY_STEP.result && orderIdInAddress !== null && (
          <div data-testid="order-result" data-status={status.data?.status ?? ''}>
            {status.isError ? (
              <Result
                status="warning"
                title={t['price.result.failed']}
                extra={
                  <Button type="primary" onClick={restart}>
                    {t['price.result.retry']}
                  </Button>
                }
              />
            ) : !settled ? (
              <Result
                icon={<Spin size="large" />}
                title={t['price.result.waiting']}
                subTitle={t['price.result.waitingHint'](orderIdInAddress)}
                extra={
                  qrOrder ? (
                    <Button type="primary" onClick={() => setQrOpen(true)}>
                      {t['price.pay.showQr']}
                    </Button>
                  ) : (
                    status.data?.status === 'init' &&
                    canBuy && <PendingOrderActions orderId={orderIdInAddress} onQr={resumeQr} />
                  )
                }
              />
            ) : status.data?.status === 'paid' ? (
              <Result
                status="success"
                title={t['price.result.paid']}
                subTitle={t['price.result.paidHint'](paidPackage?.name ?? '', fenToYuan(status.data.amount))}
                extra={[
                  <Button type="primary" key="orders" onClick={() => navigate('/order')}>
                    {t['price.result.orders']}
                  </Button>,
                  <Button key="expense" onClick={() => navigate('/expense')}>
                    {t['price.result.expense']}
                  </Button>,
                  <Button key="again" onClick={restart}>
                    {t['price.result.again']}
                  </Button>,
                ]}
              />
            ) : (
              <Result
                status="error"
                title={t['price.result.failed']}
                subTitle={t['price.result.failedHint'](orderIdInAddress)}
                extra={
                  <Button type="primary" onClick={restart}>
                    {t['price.result.retry']}
                  </Button>
                }
              />
            )}
          </div>
        )}
      </Card>
      {qrOrder && <PayQrModal order={qrOrder} open={qrOpen && !settled} onClose={() => setQrOpen(false)} />}
    </>
  );
}
