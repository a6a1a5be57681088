export * from './account.ts';
export * from './activities.ts';
export * from './branding.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './meta.ts';
export * from './sms-signature.ts';
