// CONN-9 parts as the page shows them: text, image, audio, embedded resource, resource link.
import type { CallResult, ResultPart } from '../../../../shared/contract';
import { useT } from '../../store-context';

function Part({ part }: { part: ResultPart }) {
  const t = useT();
  switch (part.type) {
    case 'text':
      return <pre className="part-text">{part.text}</pre>;
    case 'image':
      return <img className="part-image" alt={t('tools.imageAlt', { mime: part.mimeType })} src={`data:${part.mimeType};base64,${part.data}`} />;
    case 'audio':
      return <audio className="part-audio" controls aria-label={t('tools.audioLabel', { mime: part.mimeType })} src={`data:${part.mimeType};base64,${part.data}`} />;
    case 'resource':
      return (
        <div className="part-resource">
          <code>{part.resource.uri}</code> {part.resource.mimeType && <span className="badge">{part.resource.mimeType}</span>}
          {part.resource.text !== undefined ? <pre>{part.resource.text}</pre> : <p className="muted">{t('tools.binaryResource')}</p>}
        </div>
      );
    case 'resource_link':
      return (
        <div className="part-link">
          {t('tools.resourceLink')} <code>{part.uri}</code> ({part.title ?? part.name})
        </div>
      );
  }
}

export function ResultView({ result }: { result: CallResult }) {
  const t = useT();
  return (
    <section className={`call-result${result.isError ? ' is-error' : ''}`} aria-label={t('tools.result')} data-testid="call-result">
      <p className="muted">
        {result.isError ? t('tools.resultError') : t('tools.resultOk')} · {t('tools.resultMs', { ms: result.ms })}
        {result.retried && ` · ${t('tools.retried', { how: result.retried })}`}
      </p>
      {result.error && <p className="error">{result.error.message}</p>}
      {result.content.map((p, i) => (
        <Part key={i} part={p} />
      ))}
      {result.structuredContent && <pre className="part-text">{JSON.stringify(result.structuredContent, null, 2)}</pre>}
    </section>
  );
}
