/** `Lexwatch/0.1 (+https://lexwatch.example)`: legislation.gov.uk asks every client to identify itself. */
export const userAgentFor = (config: { appUrl: string }) => `Lexwatch/0.1 (+${config.appUrl})`;
