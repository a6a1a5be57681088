import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code is fetched when it first renders (nothing shows until then). The router's fallbacks and
 * error screens of the signed-in console are antd's, so they come with the console's chunk, not in the entry.
 */
export function deferred(load: () => Promise<ComponentType>): ComponentType {
  const Loaded = lazy(() => load().then((Component) => ({ default: Component })));
  return function Deferred() {
    return (
      <Suspense fallback={null}>
        <Loaded />
      </Suspense>
    );
  };
}
