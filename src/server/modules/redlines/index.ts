export { redlinesRoutes } from './redlines.routes';
export { quoteEffects, type EffectQuote } from './effect-quotes';
