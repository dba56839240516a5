/**
 * The clock the SMS controls read: send limits, the daily budget and phone code expiry. The app
 * uses the system clock unless it is built with `smsClock` (tests move it across windows and days).
 */
import type { FastifyInstance } from 'fastify';

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const smsClockOf = (app: Pick<FastifyInstance, 'deps'>): Clock => app.deps.smsClock ?? systemClock;
