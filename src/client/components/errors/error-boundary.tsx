import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Renders in place of the children; `error` tells a failed chunk download from a bug. */
  fallback: (reset: () => void, error: unknown) => ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Catches a render error below it (including a lazy screen whose code failed to load) and shows `fallback` instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error while rendering', error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error !== null) return this.props.fallback(this.reset, this.state.error);
    return this.props.children;
  }
}
