import { describe, expect, it } from 'vitest';
import { crossFeatureImports, featureOf } from './check-feature-imports.ts';

describe('featureOf', () => {
  it('names the app and area of a file inside a feature folder', () => {
    expect(featureOf('apps/console/src/features/ditches/api/ditches.ts')).toEqual({
      app: 'apps/console',
      area: 'ditches',
      rest: 'api/ditches.ts',
    });
    expect(featureOf('apps/server/src/platform/auth.ts')).toBeNull();
  });
});

describe('crossFeatureImports', () => {
  const file = 'apps/console/src/features/board/components/watch-links.tsx';

  it('refuses a file behind another feature’s door, static, re-exported or dynamic', () => {
    const source = [
      "import { useMe } from '../../account/api/me';",
      "export { ditchListQuery } from '../../ditches/api/ditches';",
      "const page = () => import('../../stats/stats-page');",
    ].join('\n');
    expect(crossFeatureImports(file, source)).toEqual([
      { file, line: 1, specifier: '../../account/api/me' },
      { file, line: 2, specifier: '../../ditches/api/ditches' },
      { file, line: 3, specifier: '../../stats/stats-page' },
    ]);
  });

  it('allows the door, its own feature, the app shell and packages', () => {
    const source = [
      "import { useMe } from '../../account';",
      "import { ditchListQuery } from '../../ditches/index.ts';",
      "import { copyText } from '../copy-text';",
      "import { api } from '../../../app/http';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(crossFeatureImports(file, source)).toEqual([]);
  });

  it('judges only files inside a feature', () => {
    expect(crossFeatureImports('apps/console/src/app/router.tsx', "import('../features/stats/stats-page')")).toEqual(
      [],
    );
  });
});
