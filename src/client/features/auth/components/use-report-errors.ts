import { useEffect } from 'react';

/** Tells the screen whether this form currently shows errors (the page title then starts with "Error:"). */
export function useReportErrors(
  hasErrors: boolean,
  report: ((hasErrors: boolean) => void) | undefined,
): void {
  useEffect(() => {
    report?.(hasErrors);
  }, [hasErrors, report]);
}
