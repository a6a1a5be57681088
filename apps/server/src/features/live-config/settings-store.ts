// Where the live stream, media and watch features still look for the settings store, until they import it from the
// platform themselves.
export * from '../../platform/settings-store.ts';
