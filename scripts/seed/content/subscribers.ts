import type { SeedSubscriber } from './types.ts';

/**
 * Newsletter subscribers over the 60 days before 2026-11-22, several in the last week. Entries with a
 * userKey belong to reader accounts and use that account's e-mail address.
 */
export const subscribers: SeedSubscriber[] = [
  { email: 'reader@demo.test', subscribedAt: '2026-09-24T20:14:00+02:00', userKey: 'reader' },
  { email: 'nomsa.dlamini@example.com', subscribedAt: '2026-09-29T07:41:00+02:00' },
  { email: 'green.desk@example.org', subscribedAt: '2026-10-04T12:03:00+02:00' },
  { email: 'reader3@demo.test', subscribedAt: '2026-10-09T18:22:00+02:00', userKey: 'reader3' },
  { email: 'jp.fourie@example.net', subscribedAt: '2026-10-14T09:30:00+02:00' },
  { email: 'sustainability@capeagri.example.com', subscribedAt: '2026-10-21T15:47:00+02:00' },
  { email: 'reader6@demo.test', subscribedAt: '2026-10-27T06:58:00+02:00', userKey: 'reader6' },
  { email: 'ama.mensah@example.org', subscribedAt: '2026-11-02T21:10:00+02:00' },
  { email: 'k.naidoo@example.com', subscribedAt: '2026-11-09T08:35:00+02:00' },
  { email: 'wanjiku.otieno@example.net', subscribedAt: '2026-11-13T13:12:00+02:00' },
  { email: 'reader2@demo.test', subscribedAt: '2026-11-16T19:45:00+02:00', userKey: 'reader2' },
  { email: 'esg.team@example.com', subscribedAt: '2026-11-18T10:20:00+02:00' },
  { email: 'bongani.z@example.org', subscribedAt: '2026-11-20T07:05:00+02:00' },
  { email: 'mariska.steyn@example.net', subscribedAt: '2026-11-21T17:50:00+02:00' },
  { email: 'thabo.m@example.com', subscribedAt: '2026-11-22T06:30:00+02:00' },
];
