/**
 * The Data Protection Act 2018 as the effects and redline tests use it: the item as stored from
 * legislation.gov.uk, and its recorded changes feed on the replay server.
 */
import type { DbOrTx } from '#server/db/client';
import { buildLegalChange } from '#test/support/factories';

/** The recorded "changes affecting ukpga/2018/12" feed (three effects). */
export const DPA_FEED = 'sources/legislation-gov-uk/changes-affected-ukpga-2018-12-results-count-3.feed.xml';
export const DPA_PATH = '/changes/affected/ukpga/2018/12/data.feed';

/** The Act as a sync from legislation.gov.uk stores it. */
export const buildDataProtectionAct = (db: DbOrTx) =>
  buildLegalChange(db, {
    source: 'legislation_gov_uk',
    upstreamId: 'ukpga/2018/12',
    title: 'Data Protection Act 2018',
    legislationType: 'ukpga',
    category: 'primary',
    status: 'enacted',
  });
