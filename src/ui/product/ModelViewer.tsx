/**
 * The 3D model view of the media viewer: Google's `<model-viewer>` web component (three.js) over
 * the product's glTF file, with camera controls (drag to turn, pinch or wheel to zoom, arrow keys)
 * and the model's poster until it is drawn. The component's code (several hundred KB) is loaded by
 * `load` only when the shopper opens a 3D item, never with the page.
 * @module
 */
import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { Model3D } from '../../domain/entities.ts';
import { Spinner } from '../shell/Spinner.tsx';

/** The `<model-viewer>` element's attributes used here. */
interface ModelViewerAttributes {
  ref?: Ref<HTMLElement>;
  src: string;
  poster?: string;
  alt: string;
  'camera-controls'?: string;
  'touch-action'?: string;
  'auto-rotate'?: string;
  'shadow-intensity'?: string;
  'interaction-prompt'?: string;
  class?: string;
  className?: string;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': ModelViewerAttributes;
    }
  }
}

/** Texts of the 3D view. */
export const MODEL_VIEWER_TEXT = {
  loading: 'Loading the 3D model',
  hint: 'Drag to turn the model, pinch or scroll to zoom.',
  failed: 'The 3D viewer cannot start in this browser.',
  download: 'Download the 3D model',
} as const;

/** Props of {@link ModelViewer}. */
export interface ModelViewerProps {
  model: Model3D;
  /** Describes the model for screen readers. */
  alt: string;
  /**
   * Registers the `model-viewer` element (the app passes `() => import('@google/model-viewer')`);
   * called when the view mounts. A rejection shows the poster with a download link.
   */
  load(): Promise<unknown>;
}

type Phase = 'code' | 'model' | 'ready' | 'failed';

/**
 * One model, interactive. The box keeps a square aspect ratio from the start, so nothing moves
 * when the model appears.
 * @example <ModelViewer model={model} alt="3D model of SuperFlo Pump" load={() => import('@google/model-viewer')} />
 */
export function ModelViewer({ model, alt, load }: ModelViewerProps) {
  const [phase, setPhase] = useState<Phase>('code');
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    setPhase('code');
    load().then(
      () => live && setPhase('model'),
      () => live && setPhase('failed'),
    );
    return () => {
      live = false;
    };
  }, [load, model.url]);

  const mounted = phase === 'model' || phase === 'ready';
  // a layout effect: listening from the commit that adds the element, so no load event can come
  // between it and a passive effect (a DOM test's load was missed there once)
  useLayoutEffect(() => {
    const el = element.current;
    if (!mounted || !el) return;
    const onLoad = () => setPhase('ready');
    const onError = () => setPhase('failed');
    el.addEventListener('load', onLoad);
    el.addEventListener('error', onError);
    return () => {
      el.removeEventListener('load', onLoad);
      el.removeEventListener('error', onError);
    };
  }, [mounted]);

  return (
    <figure className="sk-pp-model" aria-busy={phase === 'code' || phase === 'model'}>
      <div className="sk-pp-model__stage">
        {mounted ? (
          <model-viewer ref={element} class="sk-pp-model__viewer" src={model.url} poster={model.posterUrl} alt={alt} camera-controls="" touch-action="pan-y" auto-rotate="" shadow-intensity="1" interaction-prompt="none" />
        ) : (
          <img className="sk-pp-model__poster" src={model.posterUrl} alt={phase === 'failed' ? alt : ''} width={800} height={800} />
        )}
        {(phase === 'code' || phase === 'model') && (
          <div className="sk-pp-model__busy">
            <Spinner label={MODEL_VIEWER_TEXT.loading} />
          </div>
        )}
      </div>
      <figcaption>
        {phase === 'failed' ? <span role="alert">{MODEL_VIEWER_TEXT.failed}</span> : <span>{MODEL_VIEWER_TEXT.hint}</span>}{' '}
        <a href={model.url} download>
          {MODEL_VIEWER_TEXT.download}
        </a>
      </figcaption>
    </figure>
  );
}
