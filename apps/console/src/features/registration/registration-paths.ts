import type { RegistrationKind } from '@yanbo/contracts';

// Seed 000 §2 routes: the registration's /enroll, /Enroll/edit, /Enroll/record and the form application's
// /application/form (+ /create, /edit, /data), both on one engine; the form is named by `?id=`.

export const registrationPaths = (kind: RegistrationKind) =>
  kind === 'enroll'
    ? {
        list: '/enroll',
        create: '/Enroll/edit',
        edit: (id: number) => `/Enroll/edit?id=${id}`,
        records: (id: number) => `/Enroll/record?id=${id}`,
        routes: { list: 'enroll', edit: 'enroll.edit', create: 'enroll.edit', records: 'enroll.record' },
      }
    : {
        list: '/application/form',
        create: '/application/form/create',
        edit: (id: number) => `/application/form/edit?id=${id}`,
        records: (id: number) => `/application/form/data?id=${id}`,
        routes: {
          list: 'applications.form',
          edit: 'applications.form.edit',
          create: 'applications.form.create',
          records: 'applications.form.data',
        },
      };

/** The `?id=` of the page's address, or null. */
export function idFromSearch(search: URLSearchParams): number | null {
  const value = Number(search.get('id'));
  return Number.isInteger(value) && value > 0 ? value : null;
}
