/**
 * One screen's failure stays that screen's: the tabs, the status bar and every other screen go on
 * working. What happened is said in the cashier's language, with the raw text a click away, and
 * reported to the main process log (bridge reportError) for whoever has to fix it.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../bridge/index.js';
import { RawDetails } from '../ui/ErrorMessage.js';

interface Props {
  readonly screen: string;
  readonly children: ReactNode;
}

export class ScreenBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const stack = [error.stack ?? '', info.componentStack ?? ''].join('\n').slice(0, 20_000);
    try {
      getBridge()
        .reportError({ screen: this.props.screen, message: `${error.name}: ${error.message}`.slice(0, 2000), stack })
        .catch(() => undefined);
    } catch {
      // No bridge at all: the screen still says what happened.
    }
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ScreenFailed screen={this.props.screen} error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}

function ScreenFailed({ screen, error, onRetry }: { screen: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="screen-failed" role="alert" data-testid="screen-failed" data-screen={screen}>
      <h1>{t('common:failed.title', { screen: t(`common:screens.${screen}`) })}</h1>
      <p>{t('common:failed.body')}</p>
      <button type="button" className="primary" onClick={onRetry} data-testid="screen-retry">
        {t('common:failed.retry')}
      </button>
      <RawDetails raw={`${error.name}: ${error.message}`} />
    </section>
  );
}
