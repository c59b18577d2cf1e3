/**
 * The ring viewer (`/viewer`): the pseudo-3D drawing of shared/catalogue/ring-view.ts, turned by dragging
 * (mouse, pen or touch), by the arrow keys on the focused drawing (a slider of the turn angle), by the ± buttons
 * or by auto-rotation. The server renders it at the angle it is given (0), so it shows without JavaScript.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { ringViewSvg } from "#shared/catalogue/ring-view.ts";

/** Degrees per key press or button press. */
export const YAW_STEP = 15;
/** Degrees per pixel dragged. */
const DRAG_DEGREES_PER_PX = 0.6;
/** Auto-rotation speed, degrees per second. */
const AUTO_DEGREES_PER_S = 45;

/** An angle in [0, 360), whole degrees. */
export function normaliseYaw(yaw: number): number {
  return ((Math.round(yaw) % 360) + 360) % 360;
}

export interface RingViewerProps {
  styleSlug: string;
  metal: number;
  shape: number;
  /** The angle first drawn (the server's). */
  initialYaw?: number;
  /** Pixels; the drawing scales down with the page. */
  size?: number;
}

export function RingViewer({ styleSlug, metal, shape, initialYaw = 0, size = 400 }: RingViewerProps) {
  const [yaw, setYaw] = useState(() => normaliseYaw(initialYaw));
  const [auto, setAuto] = useState(false);
  const drag = useRef<{ pointerId: number; x: number; yaw: number } | null>(null);
  const svg = useMemo(() => ringViewSvg({ styleSlug, metal, shape, yaw, size }), [styleSlug, metal, shape, yaw, size]);

  useEffect(() => {
    if (!auto) return;
    let frame = 0;
    let last = performance.now();
    const tick = (t: number) => {
      const dt = t - last;
      if (dt >= 1000 / 30) {
        last = t;
        setYaw((y) => normaliseYaw(y + (AUTO_DEGREES_PER_S * dt) / 1000));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [auto]);

  const turnBy = (deg: number) => {
    setAuto(false);
    setYaw((y) => normaliseYaw(y + deg));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const deltas: Record<string, number> = {
      ArrowRight: YAW_STEP,
      ArrowUp: YAW_STEP,
      ArrowLeft: -YAW_STEP,
      ArrowDown: -YAW_STEP,
      PageUp: 3 * YAW_STEP,
      PageDown: -3 * YAW_STEP,
    };
    if (e.key === "Home") {
      setAuto(false);
      setYaw(0);
    } else if (e.key in deltas) turnBy(deltas[e.key]!);
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointerId: e.pointerId, x: e.clientX, yaw };
    setAuto(false);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setYaw(normaliseYaw(d.yaw + (e.clientX - d.x) * DRAG_DEGREES_PER_PX));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  };

  return (
    <div className="rv-viewer">
      <div
        className="rv-stage"
        role="slider"
        tabIndex={0}
        aria-label="Turn the ring (drag, or use the arrow keys)"
        aria-valuemin={0}
        aria-valuemax={359}
        aria-valuenow={yaw}
        aria-valuetext={`${yaw} degrees`}
        data-yaw={yaw}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={{ maxWidth: size }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG (shared/catalogue/ring-view.ts), drawn from numbers and codes, no user input
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className="rv-controls">
        <button type="button" onClick={() => turnBy(-YAW_STEP)} aria-label="Turn left">
          −
        </button>
        <button type="button" onClick={() => turnBy(YAW_STEP)} aria-label="Turn right">
          +
        </button>
        <button type="button" aria-pressed={auto} onClick={() => setAuto((a) => !a)}>
          Auto-rotate
        </button>
      </div>
    </div>
  );
}

/** The style slug of a setting variant, from its illustration's URL `/images/settings/{slug}-{metal}.svg`. */
export function styleSlugOf(imageUrl: string): string | null {
  return /\/images\/settings\/([a-z0-9-]+)-\d{1,3}\.svg$/.exec(imageUrl)?.[1] ?? null;
}
