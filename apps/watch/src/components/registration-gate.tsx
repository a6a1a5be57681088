import {
  type AnswerValue,
  REGISTRATION_FILE_MAX_BYTES,
  REGISTRATION_FILE_TYPES,
  type RegistrationField,
  type RegistrationKind,
  type WatchRegistration,
} from '@yanbo/contracts/registration';
import type { WatchPage } from '@yanbo/contracts/watch';
import { type FormEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { watchTexts as w } from '../locales/zh-CN';
import { registrationTexts as t } from '../locales/zh-CN-registration';
import own from '../registration.module.css';
import { fetchRegistration, submitRegistration, uploadRegistrationFile } from '../registration-api';
import styles from '../watch.module.css';
import { WatchApiError } from '../watch-api';
import { Logo } from './stage-view';
import { SignInSheet } from './viewer-sign-in';

// The registration gate (issue 12): a bound activity asks for its form before it plays. The mobile field is proved
// by the page's SMS sign-in; after 提交成功 a form that needs review waits at 等待审核, a rejection shows its reason
// and may be sent again, and an approved person plays (next time too, known by the mobile it signed in with).

type Areas = typeof import('@vant/area-data')['areaList'];

/** Three cascading selects over the area library (a chunk of its own, fetched when a form asks a region). */
function RegionInput({ value, onChange }: { value: number | undefined; onChange(code: number | undefined): void }) {
  const [areas, setAreas] = useState<Areas | null>(null);
  useEffect(() => {
    import('@vant/area-data').then((module) => setAreas(module.areaList)).catch(() => setAreas(null));
  }, []);
  const code = value ? String(value) : '';
  const province = code ? `${code.slice(0, 2)}0000` : '';
  const city = code && !code.endsWith('0000') ? `${code.slice(0, 4)}00` : '';
  const district = code && !code.endsWith('00') ? code : '';
  const under = (list: Record<string, string>, prefix: string) =>
    Object.entries(list).filter(([key]) => key.startsWith(prefix));
  const select = (label: string, current: string, options: [string, string][], pick: (key: string) => void) => (
    <select
      className={own.select}
      aria-label={label}
      value={current}
      onChange={(event) => pick(event.target.value)}
      disabled={options.length === 0}
    >
      <option value="">{label}</option>
      {options.map(([key, name]) => (
        <option key={key} value={key}>
          {name}
        </option>
      ))}
    </select>
  );
  if (!areas) return null;
  const set = (key: string, parent: string) => onChange(key ? Number(key) : parent ? Number(parent) : undefined);
  return (
    <div className={own.regionRow}>
      {select(t['registration.province'], province, Object.entries(areas.province_list), (key) => set(key, ''))}
      {select(t['registration.city'], city, province ? under(areas.city_list, province.slice(0, 2)) : [], (key) =>
        set(key, province),
      )}
      {select(t['registration.district'], district, city ? under(areas.county_list, city.slice(0, 4)) : [], (key) =>
        set(key, city),
      )}
    </div>
  );
}

/** A picture or a PDF attached for a file field: uploaded as soon as it is chosen, its name shown once kept. */
function FileInput({
  activityId,
  kind,
  label,
  value,
  onChange,
}: {
  activityId: number;
  kind: RegistrationKind;
  label: string;
  value: AnswerValue | undefined;
  onChange(value: AnswerValue | undefined): void;
}) {
  const [state, setState] = useState<'idle' | 'uploading' | 'failed'>('idle');
  const [name, setName] = useState('');
  return (
    <div className={own.choices}>
      <input
        type="file"
        aria-label={label}
        accept={REGISTRATION_FILE_TYPES.join(',')}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          if (file.size > REGISTRATION_FILE_MAX_BYTES) return setState('failed');
          setState('uploading');
          try {
            onChange(await uploadRegistrationFile(activityId, file, kind));
            setName(file.name);
            setState('idle');
          } catch {
            onChange(undefined);
            setState('failed');
          }
        }}
      />
      {state === 'uploading' && <span className={own.note}>{t['registration.fileUploading']}</span>}
      {state === 'failed' && <span className={own.error}>{t['registration.fileFailed']}</span>}
      {state === 'idle' && typeof value === 'string' && (
        <span className={own.verified}>{t['registration.fileDone'](name)}</span>
      )}
    </div>
  );
}

function FieldInput({
  activityId,
  field,
  form,
  value,
  onChange,
}: {
  activityId: number;
  field: RegistrationField;
  form: NonNullable<WatchRegistration['form']>;
  value: AnswerValue | undefined;
  onChange(value: AnswerValue | undefined): void;
}) {
  const extra = form.extraFields.find((candidate) => candidate.key === field.extraKey);
  const type = field.type === 'extra' ? extra?.type : field.type;
  const options = field.type === 'extra' ? (extra?.options ?? []) : field.options;
  switch (type) {
    case 'select':
      return (
        <div className={own.choices} role="radiogroup" aria-label={field.label}>
          {options.map((option) => (
            <label key={option} className={own.choice}>
              <input type="radio" name={field.key} checked={value === option} onChange={() => onChange(option)} />
              {option}
            </label>
          ))}
        </div>
      );
    case 'multiSelect': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <fieldset className={own.choices} aria-label={field.label}>
          {options.map((option) => (
            <label key={option} className={own.choice}>
              <input
                type="checkbox"
                checked={picked.includes(option)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...picked, option] : picked.filter((item) => item !== option))
                }
              />
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'date':
      return (
        <input
          type="date"
          className={styles.sheetInput}
          aria-label={field.label}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      );
    case 'region':
      return <RegionInput value={typeof value === 'number' ? value : undefined} onChange={onChange} />;
    case 'number':
      return (
        <input
          type="number"
          className={styles.sheetInput}
          aria-label={field.label}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
    case 'file':
      return (
        <FileInput activityId={activityId} kind={form.kind} label={field.label} value={value} onChange={onChange} />
      );
    default:
      return (
        <input
          className={styles.sheetInput}
          aria-label={field.label}
          placeholder={t['registration.placeholder'](field.label)}
          maxLength={200}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** The form in a sheet over the page. */
function RegistrationSheet({
  activityId,
  page,
  registration,
  onClose,
  onSubmitted,
  onSignedIn,
}: {
  activityId: number;
  page: WatchPage;
  registration: WatchRegistration;
  onClose(): void;
  onSubmitted(answer: WatchRegistration): void;
  onSignedIn(): void;
}) {
  const form = registration.form as NonNullable<WatchRegistration['form']>;
  const [answers, setAnswers] = useState<Record<string, AnswerValue | undefined>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signingIn, setSigningIn] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = form.fields.find((field) => {
      if (!field.required) return false;
      if (field.type === 'mobile') return page.viewer === null;
      const value = answers[field.key];
      return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    });
    if (missing) return setError(t['registration.required'](missing.label));
    setError(null);
    setBusy(true);
    try {
      const kept = Object.fromEntries(
        Object.entries(answers).filter((entry): entry is [string, AnswerValue] => entry[1] !== undefined),
      );
      onSubmitted(await submitRegistration(activityId, kept, form.kind));
    } catch (caught) {
      setError(
        caught instanceof WatchApiError && caught.status === 400 ? t['registration.failed'] : w['watch.loadFailed'],
      );
    } finally {
      setBusy(false);
    }
  }

  return createPortal(
    <div className={styles.sheetBackdrop}>
      <form
        className={styles.sheet}
        onSubmit={submit}
        noValidate
        role="dialog"
        aria-label={form.config.title || form.name}
        data-testid="watch-registration-sheet"
      >
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={w['watch.subscribe.close']}>
          ×
        </button>
        <div className={styles.sheetTitle}>{form.config.title || form.name}</div>
        {form.config.description && <div className={styles.sheetHint}>{form.config.description}</div>}
        <div className={own.form}>
          {form.fields.map((field) => (
            <div key={field.key} className={own.field}>
              <span className={own.label}>
                {field.required && <span className={own.required}>*</span>}
                {field.label}
              </span>
              {field.type === 'mobile' ? (
                page.viewer ? (
                  <span className={own.verified}>{t['registration.mobileVerified'](page.viewer.mobile)}</span>
                ) : (
                  <button type="button" className={styles.secondaryButton} onClick={() => setSigningIn(true)}>
                    {t['registration.mobileVerify']}
                  </button>
                )
              ) : (
                <FieldInput
                  activityId={activityId}
                  field={field}
                  form={form}
                  value={answers[field.key]}
                  onChange={(value) => setAnswers((current) => ({ ...current, [field.key]: value }))}
                />
              )}
            </div>
          ))}
        </div>
        {error && (
          <div className={own.error} role="alert">
            {error}
          </div>
        )}
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {form.config.submitText || t['registration.submit']}
        </button>
      </form>
      {signingIn && (
        <SignInSheet
          activityId={activityId}
          onClose={() => setSigningIn(false)}
          onDone={() => {
            setSigningIn(false);
            onSignedIn();
          }}
        />
      )}
    </div>,
    document.body,
  );
}

/** In place of the stage while the activity's registration holds the viewer: the form, 等待审核, or the rejection. */
export function RegistrationGateView({
  activityId,
  page,
  onChanged,
}: {
  activityId: number;
  page: WatchPage;
  onChanged(): void;
}) {
  const [registration, setRegistration] = useState<WatchRegistration | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const signedIn = page.viewer?.mobile ?? '';

  // Read again when the viewer signs in (the mobile may already be registered, or approved).
  useEffect(() => {
    void signedIn;
    fetchRegistration(activityId)
      .then((answer) => {
        setRegistration(answer);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [activityId, signedIn]);

  const cover = page.template.imgCover || page.activity.cover;
  const gate = registration?.gate ?? page.registrationGate;
  const closed = registration?.form?.config.closed ?? false;
  let title: string = t['registration.title'];
  let hint: string = t['registration.hint'];
  let action: string | null = closed ? null : t['registration.open'];
  if (gate === 'pending') {
    title = t['registration.pendingTitle'];
    hint = t['registration.pendingHint'];
    action = null;
  } else if (gate === 'rejected') {
    title = t['registration.rejectedTitle'];
    hint = t['registration.rejectedReason'](registration?.reason ?? '');
    action = closed ? null : t['registration.again'];
  } else if (closed) {
    hint = t['registration.closed'];
  }
  if (failed) hint = t['registration.loadFailed'];

  return (
    <section className={styles.stage} data-testid="watch-registration-gate">
      {cover && <img className={`${styles.cover} ${styles.coverDim}`} src={cover} alt="" />}
      <div className={styles.codeForm}>
        {submitted && gate === 'pending' && (
          <div className={styles.codeTitle} role="status">
            {submitted}
          </div>
        )}
        <div className={styles.codeTitle}>{title}</div>
        <div className={styles.codeHint}>{hint}</div>
        {action && registration?.form && (
          <button type="button" className={styles.primaryButton} onClick={() => setOpen(true)}>
            {action}
          </button>
        )}
      </div>
      <Logo template={page.template} />
      {open && registration?.form && (
        <RegistrationSheet
          activityId={activityId}
          page={page}
          registration={registration}
          onClose={() => setOpen(false)}
          onSignedIn={onChanged}
          onSubmitted={(answer) => {
            setOpen(false);
            setRegistration(answer);
            setSubmitted(answer.form?.config.successText || t['registration.submitted']);
            if (answer.gate === 'open') onChanged();
          }}
        />
      )}
    </section>
  );
}

/**
 * The form application (表单) bound to the activity: a 填写表单 button in the title bar while the viewer has not sent
 * it, the same sheet, and 提交成功 once sent. It never holds the stream.
 */
export function FormApplicationButton({
  activityId,
  page,
  onSignedIn,
}: {
  activityId: number;
  page: WatchPage;
  onSignedIn(): void;
}) {
  const [registration, setRegistration] = useState<WatchRegistration | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const signedIn = page.viewer?.mobile ?? '';
  useEffect(() => {
    void signedIn;
    fetchRegistration(activityId, 'form')
      .then(setRegistration)
      .catch(() => setRegistration(null));
  }, [activityId, signedIn]);
  if (done) {
    return (
      <span className={own.verified} role="status">
        {done}
      </span>
    );
  }
  if (!registration?.form || registration.gate !== 'form' || registration.form.config.closed) return null;
  return (
    <>
      <button type="button" className={styles.linkButton} onClick={() => setOpen(true)} data-testid="watch-form-open">
        {t['registration.formOpen']}
      </button>
      {open && (
        <RegistrationSheet
          activityId={activityId}
          page={page}
          registration={registration}
          onClose={() => setOpen(false)}
          onSignedIn={onSignedIn}
          onSubmitted={(answer) => {
            setOpen(false);
            setRegistration(answer);
            setDone(answer.form?.config.successText || t['registration.submitted']);
          }}
        />
      )}
    </>
  );
}
