/**
 * Each account's clock (docs/api-contract.md, "The sandbox's clock and helpers"): real time plus an
 * offset tests move forward, so "a week later" takes no week. Today, overdue and the timestamps of what
 * happens after an invoice is created read it; the offset lives in the database, so a restart keeps it.
 */
import { IST, type Account, todayIn } from '../../shared';
import type { Context } from './context';

const offsetKey = (accountId: string) => `clock_offset_ms:${accountId}`;

export const timeZoneOf = (account: Account): string => account.time_zone ?? IST;

export function nowFor(ctx: Pick<Context, 'data' | 'account'>): Date {
  return new Date(Date.now() + Number(ctx.data.store.meta(offsetKey(ctx.account.id), () => '0')));
}

export const todayFor = (ctx: Pick<Context, 'data' | 'account'>): string =>
  todayIn(nowFor(ctx), timeZoneOf(ctx.account));

/** An ISO timestamp on the account's clock, written as every other timestamp (seconds, Z). */
export const isoNowFor = (ctx: Pick<Context, 'data' | 'account'>): string =>
  nowFor(ctx)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

export function moveClock(ctx: Context, milliseconds: number): void {
  const key = offsetKey(ctx.account.id);
  ctx.data.store.setMeta(key, String(Number(ctx.data.store.meta(key, () => '0')) + milliseconds));
}

export const clockAnswer = (ctx: Context) => ({
  object: 'clock' as const,
  now: nowFor(ctx).toISOString(),
  today: todayFor(ctx),
  time_zone: timeZoneOf(ctx.account),
});
