/**
 * A picture of the overview's base (background, tiles, cores, tensor strips) kept between
 * frames. While a kernel plays only the progress bars move, so a frame copies this picture and
 * draws the bars on top instead of filling every core again; the picture is redrawn when what
 * it shows changes (the wave, the layout, the hardware, the colours or the pixel ratio).
 */
import { drawOverviewBase } from './draw-overview';
import type { DrawColors, DrawContext, Scene } from './scene';

/** A canvas the layer can draw into and the frame can copy: a page canvas, or a test's fake. */
export type LayerCanvas = CanvasImageSource & {
  width: number;
  height: number;
  getContext(kind: '2d'): DrawContext | null;
};

/** Keeps the overview's base as a picture; `image` redraws it only when its inputs changed. */
export class OverviewLayer {
  private canvas: LayerCanvas | null = null;
  private inputs: readonly unknown[] | null = null;
  /** How many times the base was drawn (for tests). */
  redraws = 0;

  constructor(private readonly createCanvas: () => LayerCanvas | null) {}

  /**
   * The base for this scene at `pixelRatio`, as a canvas of the scene's size in canvas pixels,
   * or null when no canvas could be made (then draw the base directly).
   */
  image(scene: Scene, colors: DrawColors, pixelRatio: number): LayerCanvas | null {
    const inputs = [scene.layout, scene.hardware, scene.threadsPerSm, colors, pixelRatio] as const;
    if (this.canvas && this.inputs && inputs.every((v, i) => v === this.inputs?.[i])) {
      return this.canvas;
    }
    this.canvas ??= this.createCanvas();
    const ctx = this.canvas?.getContext('2d');
    if (!this.canvas || !ctx) return null;
    const w = Math.round(scene.layout.widthPx * pixelRatio);
    const h = Math.round(scene.layout.heightPx * pixelRatio);
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    ctx.fillStyle = colors.background;
    ctx.fillRect(0, 0, scene.layout.widthPx, scene.layout.heightPx);
    drawOverviewBase(ctx, scene, colors);
    this.inputs = inputs;
    this.redraws += 1;
    return this.canvas;
  }
}
