/**
 * Draws the explorer's scene on a 2-D canvas: the whole GPU, zooming towards the selected SM, or
 * that SM's parts once zoomed in.
 */
import { zoomTransform } from './layout';
import { drawDetail } from './draw-detail';
import { drawOverview, drawOverviewMarks } from './draw-overview';
import type { OverviewLayer } from './overview-layer';
import type { DrawColors, DrawContext, Scene } from './scene';

/**
 * Draws a frame. `pixelRatio` maps CSS pixels to canvas pixels. Between 0 and 1 of zoom the
 * whole GPU is drawn magnified towards the selected SM; at 1 the SM's parts are drawn. With a
 * `layer`, the unzoomed overview copies its kept base and draws only the moving marks.
 */
export function drawScene(
  ctx: DrawContext,
  scene: Scene,
  colors: DrawColors,
  pixelRatio: number,
  layer?: OverviewLayer,
): void {
  const { layout } = scene;
  const base = layer && scene.zoomProgress <= 0 ? layer.image(scene, colors, pixelRatio) : null;
  if (base) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(base, 0, 0);
    ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    drawOverviewMarks(ctx, scene, colors);
    return;
  }
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, layout.widthPx, layout.heightPx);
  if (scene.zoomProgress >= 1) {
    drawDetail(ctx, scene, colors);
    return;
  }
  const tile = layout.tiles[scene.selectedSm];
  if (scene.zoomProgress > 0 && tile) {
    const z = zoomTransform(
      tile,
      { widthPx: layout.widthPx, heightPx: layout.heightPx },
      scene.zoomProgress,
    );
    ctx.save();
    ctx.transform(z.scale, 0, 0, z.scale, z.x, z.y);
    drawOverview(ctx, scene, colors);
    ctx.restore();
    return;
  }
  drawOverview(ctx, scene, colors);
}
