/**
 * The Bills API has no sessions endpoint: sessions are bare integers. Names of the ones
 * seen in recorded responses, worked out from the stage and Royal Assent dates of their
 * bills. Extend this table as new sessions begin.
 */
export const PARLIAMENTARY_SESSIONS: Readonly<Record<number, string>> = {
  24: '2010-12',
  25: '2012-13',
  27: '2014-15',
  28: '2015-16',
  29: '2016-17',
  30: '2017-19',
  35: '2019-21',
  36: '2021-22',
  37: '2022-23',
  38: '2023-24',
  39: '2024-',
};

export function sessionName(sessionId: number | null | undefined): string | null {
  if (sessionId == null) return null;
  return PARLIAMENTARY_SESSIONS[sessionId] ?? null;
}
