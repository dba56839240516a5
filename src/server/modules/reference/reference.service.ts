/** Public reference data: the jurisdictions and law areas, as the API lists them. */
import type { Db } from '#server/db/client';
import { listJurisdictions, listLawAreas } from './reference.queries';

export async function jurisdictionsList(db: Db) {
  const rows = await listJurisdictions(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    flag: r.flag,
    countryCode: r.countryCode,
    isActive: r.isActive,
  }));
}

export async function lawAreasList(db: Db) {
  const rows = await listLawAreas(db);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
