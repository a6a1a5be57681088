/** Where to go after signing in or up: the supplied target when it is a path of this site, else the root page. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login') || value.startsWith('/signup') || value.startsWith('/lostpass')) return '/';
  return value;
}
