/**
 * Reading one provision of a legislation.gov.uk item at one version:
 * `/{type}/{year}/{number}/{provision}[/{version}]/data.xml`, `current` being the bare path.
 * A dated version is the one in force that day, as legislation.gov.uk answers a dated URL.
 */
import { UpstreamError, type UpstreamClient } from '#server/sources/http';
import { LEGISLATION_BASE_URL } from './client';
import { EFFECTS_PATH } from './effects';
import { parseProvisionClml, type ClmlProvision } from './provision-clml';

export interface ProvisionDocument extends ClmlProvision {
  label: string;
  /** the version's page on legislation.gov.uk */
  sourceUrl: string;
}

/** The path of a provision's version, without the base URL. */
export function provisionVersionPath(itemPath: string, provision: string, label: string): string {
  if (!EFFECTS_PATH.test(itemPath)) throw new RangeError(`not an item path: ${itemPath}`);
  return `/${itemPath}/${provision}${label === 'current' ? '' : `/${label}`}/data.xml`;
}

/**
 * The provision at that version; null when legislation.gov.uk has no such provision or version
 * (404) or the document holds no such provision. Other failures throw UpstreamError.
 */
export async function getProvisionVersion(
  client: UpstreamClient,
  itemPath: string,
  provision: string,
  label: string,
): Promise<ProvisionDocument | null> {
  const path = provisionVersionPath(itemPath, provision, label);
  try {
    const response = await client.getText(path, { accept: 'application/xml' });
    const parsed = parseProvisionClml(response.text, response.url, provision);
    return parsed
      ? { ...parsed, label, sourceUrl: `${LEGISLATION_BASE_URL}${path.replace(/\/data\.xml$/, '')}` }
      : null;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'http_status' && error.status === 404) return null;
    throw error;
  }
}
