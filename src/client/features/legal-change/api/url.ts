/** The API path of a legal change, and of its parts (`suffix`: '/timeline', '/news'…). */
export const legalChangeUrl = (id: number, suffix = '') => `/api/legal-changes/${id}${suffix}`;
