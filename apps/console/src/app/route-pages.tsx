import type { ComponentType } from 'react';
import { importWithTimeout } from './lazy-import';
import type { ConsoleRouteName, PublicRouteName } from './route-table';

// Which component each route shows, loaded on first visit (each page is its own chunk) within the chunk timeout.
// Typed by route name, so a route without a page, or a page without a route, fails to compile.

export type LazyPage = () => Promise<{ Component: ComponentType }>;

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return () => importWithTimeout(load).then((module) => ({ Component: pick(module) }));
}

/** antd with the console's theme, locale and feedback, and the screens drawn with it around the signed-in ones. */
export const consoleShell = () => importWithTimeout(() => import('./console-shell'));
/** The entry rule's loads (their queries and the contract entries they call), run before any signed-in screen. */
export const entryLoaderModule = () => importWithTimeout(() => import('./entry-loader'));
/** The loading, failure, not-found and no-access screens around the signed-in ones. */
export const consoleScreens = () => importWithTimeout(() => import('./console-screens'));

/** The console around every signed-in screen, fetched with the first signed-in screen. */
export const consoleLayout: LazyPage = lazyPage(
  () => import('./layout'),
  (m) => m.ConsoleLayout,
);

const INTENT_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Fetches the first signed-in screen's chunks (antd's shell, the entry loads, the layout and the activity list) once the visitor starts on the
 * sign-in form, so signing in waits for the server only; a visitor who never touches the form never downloads them.
 */
export function warmSignedInScreensOnIntent(target: EventTarget = document): void {
  const warm = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, warm, true);
    void Promise.allSettled([consoleShell(), entryLoaderModule(), consoleLayout(), consolePages.activities()]);
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, warm, true);
}

export const publicPages: Record<PublicRouteName, LazyPage> = {
  login: lazyPage(
    () => {
      warmSignedInScreensOnIntent();
      return import('../features/account/login-page');
    },
    (m) => m.LoginPage,
  ),
  signup: lazyPage(
    () => import('../features/account/signup-page'),
    (m) => m.SignupPage,
  ),
  lostpass: lazyPage(
    () => import('../features/account/lostpass-page'),
    (m) => m.LostpassPage,
  ),
  // The meeting room is drawn with antd: it comes with the console shell's theme and feedback around it.
  meeting: () =>
    Promise.all([importWithTimeout(() => import('../features/meeting/meeting-room-page')), consoleShell()]).then(
      ([{ MeetingRoomPage }, { ConsoleProviders }]) => ({
        Component: () => (
          <ConsoleProviders>
            <MeetingRoomPage />
          </ConsoleProviders>
        ),
      }),
    ),
};

export const consolePages: Record<ConsoleRouteName, LazyPage> = {
  activities: lazyPage(
    () => import('../features/activities/activity-list-page'),
    (m) => m.ActivityListPage,
  ),
  account: lazyPage(
    () => import('../features/account/user-page'),
    (m) => m.UserPage,
  ),
  board: lazyPage(
    () => import('../features/board/board-page'),
    (m) => m.BoardPage,
  ),
  'activity-settings': lazyPage(
    () => import('../features/activity-settings/activity-settings-page'),
    (m) => m.ActivitySettingsPage,
  ),
  'live-stream': lazyPage(
    () => import('../features/live-stream'),
    (m) => m.LiveStreamPage,
  ),
  'page-template': lazyPage(
    () => import('../features/page-template/page-template-page'),
    (m) => m.PageTemplatePage,
  ),
  comments: lazyPage(
    () => import('../features/comments/comments-page'),
    (m) => m.CommentsPage,
  ),
  'live-ops': lazyPage(
    () => import('../features/live-ops/live-ops-page'),
    (m) => m.LiveOpsPage,
  ),
  interactions: lazyPage(
    () => import('../features/interactions/interactions-page'),
    (m) => m.InteractionsPage,
  ),
  rewards: lazyPage(
    () => import('../features/rewards/rewards-page'),
    (m) => m.RewardsPage,
  ),
  ditches: lazyPage(
    () => import('../features/ditches/ditch-list-page'),
    (m) => m.DitchListPage,
  ),
  'sensitive-words': lazyPage(
    () => import('../features/sensitive-words/sensitive-words-page'),
    (m) => m.SensitiveWordsPage,
  ),
  gifts: lazyPage(
    () => import('../features/gifts/gifts-page'),
    (m) => m.GiftsPage,
  ),
  robots: lazyPage(
    () => import('../features/robots/robots-page'),
    (m) => m.RobotsPage,
  ),
  stats: lazyPage(
    () => import('../features/stats/stats-page'),
    (m) => m.StatsPage,
  ),
  orders: lazyPage(
    () => import('../features/orders/order-list-page'),
    (m) => m.OrderListPage,
  ),
  products: lazyPage(
    () => import('../features/products/product-list-page'),
    (m) => m.ProductListPage,
  ),
  'products.create': lazyPage(
    () => import('../features/products/product-create-page'),
    (m) => m.ProductCreatePage,
  ),
  'products.edit': lazyPage(
    () => import('../features/products/product-edit-page'),
    (m) => m.ProductEditPage,
  ),
  aggregation: lazyPage(
    () => import('../features/aggregation/aggregation-page'),
    (m) => m.AggregationPage,
  ),
  branding: lazyPage(
    () => import('../features/branding/branding-page'),
    (m) => m.BrandingPage,
  ),
  price: lazyPage(
    () => import('../features/price/price-page'),
    (m) => m.PricePage,
  ),
  subaccounts: lazyPage(
    () => import('../features/subaccounts/subaccount-list-page'),
    (m) => m.SubaccountListPage,
  ),
  'subaccounts.create': lazyPage(
    () => import('../features/subaccounts/subaccount-create-page'),
    (m) => m.SubaccountCreatePage,
  ),
  expense: lazyPage(
    () => import('../features/expense/expense-page'),
    (m) => m.ExpensePage,
  ),
  agents: lazyPage(
    () => import('../features/agents/agent-area-page'),
    (m) => m.AgentAreaPage,
  ),
  'agents.list': lazyPage(
    () => import('../features/agents/agent-list-page'),
    (m) => m.AgentListPage,
  ),
  'agents.create': lazyPage(
    () => import('../features/agents/agent-create-page'),
    (m) => m.AgentCreatePage,
  ),
  'agents.edit': lazyPage(
    () => import('../features/agents/agent-edit-page'),
    (m) => m.AgentEditPage,
  ),
  pages: lazyPage(
    () => import('../features/pages/page-list-page'),
    (m) => m.PageListPage,
  ),
  'pages.edit': lazyPage(
    () => import('../features/pages/page-edit-page'),
    (m) => m.PageEditPage,
  ),
  crm: lazyPage(
    () => import('../features/audience/audience-list-page'),
    (m) => m.AudienceListPage,
  ),
  'crm.createTag': lazyPage(
    () => import('../features/audience/audience-tags-page'),
    (m) => m.AudienceTagsPage,
  ),
  'crm.detail': lazyPage(
    () => import('../features/audience/audience-detail-page'),
    (m) => m.AudienceDetailPage,
  ),
  agency: lazyPage(
    () => import('../features/agency/agency-page'),
    (m) => m.AgencyPage,
  ),
  catalogs: lazyPage(
    () => import('../features/catalogs/catalog-list-page'),
    (m) => m.CatalogListPage,
  ),
  'catalogs.setting': lazyPage(
    () => import('../features/catalogs/catalog-setting-page'),
    (m) => m.CatalogSettingPage,
  ),
  enroll: lazyPage(
    () => import('../features/registration/enroll-pages'),
    (m) => m.EnrollListPage,
  ),
  'enroll.edit': lazyPage(
    () => import('../features/registration/enroll-pages'),
    (m) => m.EnrollEditPage,
  ),
  'enroll.record': lazyPage(
    () => import('../features/registration/enroll-pages'),
    (m) => m.EnrollRecordPage,
  ),
  financial: lazyPage(
    () => import('../features/finance/finance-page'),
    (m) => m.FinancialPage,
  ),
  download: lazyPage(
    () => import('../features/download-center/download-center-page'),
    (m) => m.DownloadCenterPage,
  ),
  applications: lazyPage(
    () => import('../features/applications/application-hub-page'),
    (m) => m.ApplicationHubPage,
  ),
  'applications.vote': lazyPage(
    () => import('../features/applications/vote-page'),
    (m) => m.VotePage,
  ),
  'applications.vote.create': lazyPage(
    () => import('../features/applications/vote-create-page'),
    (m) => m.VoteCreatePage,
  ),
  'applications.vote.edit': lazyPage(
    () => import('../features/applications/vote-edit-page'),
    (m) => m.VoteEditPage,
  ),
  'applications.product': lazyPage(
    () => import('../features/applications/product-application-page'),
    (m) => m.ProductApplicationPage,
  ),
  'applications.product.create': lazyPage(
    () => import('../features/applications/product-application-create-page'),
    (m) => m.ProductApplicationCreatePage,
  ),
  'applications.product.edit': lazyPage(
    () => import('../features/applications/product-application-edit-page'),
    (m) => m.ProductApplicationEditPage,
  ),
  'applications.photoLive': lazyPage(
    () => import('../features/applications/photo-live-page'),
    (m) => m.PhotoLivePage,
  ),
  'applications.photoLive.create': lazyPage(
    () => import('../features/applications/photo-live-create-page'),
    (m) => m.PhotoLiveCreatePage,
  ),
  'applications.photoLive.edit': lazyPage(
    () => import('../features/applications/photo-live-edit-page'),
    (m) => m.PhotoLiveEditPage,
  ),
  'applications.document': lazyPage(
    () => import('../features/applications/document-page'),
    (m) => m.DocumentPage,
  ),
  'applications.form': lazyPage(
    () => import('../features/registration/form-application-pages'),
    (m) => m.FormPage,
  ),
  'applications.form.create': lazyPage(
    () => import('../features/registration/form-application-pages'),
    (m) => m.FormCreatePage,
  ),
  'applications.form.edit': lazyPage(
    () => import('../features/registration/form-application-pages'),
    (m) => m.FormEditPage,
  ),
  'applications.form.data': lazyPage(
    () => import('../features/registration/form-application-pages'),
    (m) => m.FormDataPage,
  ),
};
