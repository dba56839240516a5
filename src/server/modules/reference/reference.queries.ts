import { asc } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { jurisdictions, lawAreas } from '#server/db/schema';

export async function listJurisdictions(db: DbOrTx) {
  return db
    .select({
      id: jurisdictions.id,
      name: jurisdictions.name,
      flag: jurisdictions.flag,
      countryCode: jurisdictions.countryCode,
      isActive: jurisdictions.isActive,
    })
    .from(jurisdictions)
    .orderBy(asc(jurisdictions.id));
}

export async function listLawAreas(db: DbOrTx) {
  return db.select({ id: lawAreas.id, name: lawAreas.name }).from(lawAreas).orderBy(asc(lawAreas.id));
}
