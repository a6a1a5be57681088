import { describe, expect, it } from 'vitest';
import { photoListEditPath, photoListFromSearch } from './photo-paths';

// The edit screen names its list in the query string (seed 000 §2: /application/photoLive/edit has no parameters).

describe('photo list edit path', () => {
  it('names the activity and the list, and reads them back', () => {
    const path = photoListEditPath({ activityId: 100001, id: 7 });
    expect(path).toBe('/application/photoLive/edit?activityId=100001&listId=7');
    expect(photoListFromSearch(new URL(path, 'http://x').searchParams)).toEqual({ activityId: 100001, listId: 7 });
  });

  it('answers null for a missing or malformed id', () => {
    for (const query of [
      '',
      'activityId=1',
      'listId=1',
      'activityId=1&listId=0',
      'activityId=x&listId=1',
      'activityId=1.5&listId=2',
    ]) {
      expect(photoListFromSearch(new URLSearchParams(query)), query).toBeNull();
    }
  });
});
