export const billingKeys = {
  all: ['billing'] as const,
  status: ['billing', 'status'] as const,
  invoices: ['billing', 'invoices'] as const,
  checkout: (tier: string, interval: string) => ['checkout', tier, interval] as const,
};
