import { type Call, type CallArgs, type CallDef, EXPORT_TOKEN_PARAM, metaCalls } from '@yanbo/contracts';
import { api, apiUrl, type Query } from '../../../app/http';

// Seed 001 §7 "Downloads (GET, with an export token et in the query)": a download is a plain link the browser opens
// and streams to disk, so no file is held in the page's memory. A link cannot send the bearer header, so it carries a
// short-lived export token of the caller's session (POST /ephemeral-token) instead.

/** Opens a download call as a link, with a fresh export token. */
export async function downloadFile<D extends CallDef & { download: true }>(
  call: Call<D>,
  args: Pick<CallArgs<D>, 'params' | 'query'>,
): Promise<void> {
  const { token } = await api(metaCalls.createEphemeralToken);
  const { params, query } = args as { params?: Record<string, unknown>; query?: Query };
  const url = apiUrl(call, { params, query: { ...query, [EXPORT_TOKEN_PARAM]: token } } as Pick<
    CallArgs<D>,
    'params' | 'query'
  >);
  const link = document.createElement('a');
  link.href = url;
  // The server names the file (Content-Disposition); `download` keeps the console on its page.
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
