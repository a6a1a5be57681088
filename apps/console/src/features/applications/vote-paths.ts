// Seed 000 §2: /application/vote (+ /create, /edit); a vote is named by `?id=`.
export const votePaths = {
  list: '/application/vote',
  create: '/application/vote/create',
  edit: (id: number) => `/application/vote/edit?id=${id}`,
};

/** The `?id=` of the page's address, or null. */
export function voteIdFromSearch(search: URLSearchParams): number | null {
  const value = Number(search.get('id'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
