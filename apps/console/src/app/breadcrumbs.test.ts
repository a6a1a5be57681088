import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs';

describe('breadcrumbsFor', () => {
  it('is just the screen for a top-level area', () => {
    expect(breadcrumbsFor('orders')).toEqual([{ name: 'orders' }]);
  });

  it('walks up the dotted name, linking screens that open without an id', () => {
    expect(breadcrumbsFor('applications.vote.create')).toEqual([
      { name: 'applications', path: '/application' },
      { name: 'applications.vote', path: '/application/vote' },
      { name: 'applications.vote.create' },
    ]);
  });

  it('puts an activity screen under the activity list', () => {
    expect(breadcrumbsFor('board')).toEqual([{ name: 'activities', path: '/' }, { name: 'board' }]);
  });
});
