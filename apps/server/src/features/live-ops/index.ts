// The live operations feature's door: its call and the sampler that keeps the online curve and the stream's health.

export { registerLiveOpsRoutes } from './live-ops-routes.ts';
export { keepSamplingLiveActivities, liveOpsSampler } from './live-ops-sampler.ts';
