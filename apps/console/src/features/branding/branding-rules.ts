import {
  assetUrl,
  DEFAULT_IMAGE_TEMPLATE,
  hexColor,
  hostname,
  type ImageTemplate,
  type ImageTemplateUpdate,
  PAY_PFX_MAX_BYTES,
} from '@yanbo/contracts';
import { ApiError, errorText } from '../../app/http';
import { brandingErrorTexts } from '../../locales/zh-CN/branding';

// Pure rules of the settings screen, kept apart from the components so they can be tested alone.

export const isAssetUrl = (value: string) => assetUrl.safeParse(value ?? '').success;
export const isHexColor = (value: string) => hexColor.safeParse(value ?? '').success;
export const isHostname = (value: string) => hostname.safeParse(value ?? '').success;

export type PfxCheck =
  | { ok: true; base64: string; name: string; bytes: number }
  | { ok: false; reason: 'empty' | 'tooLarge' };

/** A chosen certificate file, checked for size before it is sent, as base64. */
export function checkPfx(name: string, bytes: Uint8Array): PfxCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > PAY_PFX_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { ok: true, base64: btoa(binary), name, bytes: bytes.length };
}

/** The text a settings failure shows: the settings' own message in Chinese, else the console's error text. */
export async function brandingErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError && brandingErrorTexts[error.message])
    return brandingErrorTexts[error.message] as string;
  return errorText(error);
}

/** The login page as the agent's custom host serves it, on this console's scheme and port. */
export function customHostLoginUrl(host: string, current: { protocol: string; port: string }): string {
  return `${current.protocol}//${host}${current.port ? `:${current.port}` : ''}/login`;
}

/** A promotion link made absolute on the host the console is open on. */
export const absoluteLink = (origin: string, link: string) => new URL(link, origin).toString();

const TEMPLATE_FIELDS = ['title', 'logo', 'favicon'] as const;
export type ImageTemplateFormValues = Record<(typeof TEMPLATE_FIELDS)[number], string>;

/**
 * The activity template form: a field at the product default shows empty (the default as its placeholder), so that
 * saving the form untouched keeps it "not set" and a later change of the product default still reaches the agent.
 */
export function imageTemplateFormValues(template: ImageTemplate): ImageTemplateFormValues {
  const value = (key: (typeof TEMPLATE_FIELDS)[number]) =>
    template[key] === DEFAULT_IMAGE_TEMPLATE[key] ? '' : template[key];
  return { title: value('title'), logo: value('logo'), favicon: value('favicon') };
}

/** What the form sends: every field, trimmed; an empty one (or one typed back to the default) means not set. */
export function imageTemplateBody(values: Partial<ImageTemplateFormValues>): ImageTemplateUpdate {
  const value = (key: (typeof TEMPLATE_FIELDS)[number]) => {
    const given = (values[key] ?? '').trim();
    return given === DEFAULT_IMAGE_TEMPLATE[key] ? '' : given;
  };
  return { title: value('title'), logo: value('logo'), favicon: value('favicon') };
}
