import { ACTIVITY_PICTURE_MAX_BYTES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { pictureRefusal } from './upload-picture';

describe('a page picture is checked before it is sent', () => {
  it('takes PNG, JPEG, GIF and WebP up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(pictureRefusal({ type, size: ACTIVITY_PICTURE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses another type, and a picture over the limit, saying why', () => {
    expect(pictureRefusal({ type: 'image/svg+xml', size: 10 })).toBe('只能上传 PNG、JPG、GIF 或 WebP 图片');
    expect(pictureRefusal({ type: 'text/html', size: 10 })).toBe('只能上传 PNG、JPG、GIF 或 WebP 图片');
    expect(pictureRefusal({ type: 'image/png', size: ACTIVITY_PICTURE_MAX_BYTES + 1 })).toBe('图片不能超过 10 MB');
  });
});
