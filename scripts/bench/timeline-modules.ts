/**
 * The app's modules the record bench (timeline-record.mjs) uses, imported
 * together (one tsx import): they then share one Redis client.
 */
export * from '../../app/server/timeline.server'
export { createQueuedSharedStore, createSharedList } from '../../app/server/store.server'
export { closeRedis, redis, redisReady } from '../../app/server/redis.server'
