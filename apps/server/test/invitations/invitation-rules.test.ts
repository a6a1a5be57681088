import { INVITED_BY_PARAM, invitationCounts, invitationLink } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';

// The invitation rule both sides run (issue 10): an invitation names another, well-formed viewer id.

const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';

describe('invitation rule', () => {
  it('counts an invitation from another viewer', () => {
    expect(invitationCounts(B, A)).toBe(true);
  });

  it('ignores a self-invite, a missing inviter and a malformed one', () => {
    expect(invitationCounts(A, A)).toBe(false);
    expect(invitationCounts(A, undefined)).toBe(false);
    expect(invitationCounts(A, null)).toBe(false);
    expect(invitationCounts(A, '')).toBe(false);
    expect(invitationCounts(A, 'short')).toBe(false);
    expect(invitationCounts(A, `${B}'; drop table`)).toBe(false);
    expect(invitationCounts(A, 'x'.repeat(65))).toBe(false);
  });

  it('builds the link with the inviter, keeping the page address and its other parameters', () => {
    const link = invitationLink('https://live.example.com/watch/12?ditch=abc', A);
    const url = new URL(link);
    expect(url.pathname).toBe('/watch/12');
    expect(url.searchParams.get('ditch')).toBe('abc');
    expect(url.searchParams.get(INVITED_BY_PARAM)).toBe(A);
    // Building again for the same page replaces the inviter rather than adding a second one.
    expect(new URL(invitationLink(link, B)).searchParams.getAll(INVITED_BY_PARAM)).toEqual([B]);
  });
});
