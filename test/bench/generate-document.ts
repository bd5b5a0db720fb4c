// Generates a benchmark document through the plugin API (so it runs against the fake inside
// QuickJS as well as in Node): `count` components of 30 layers each, a third of them variants
// (sets of three), spread over two pages, using a paint style, a bound colour variable, an
// image fill, instances of a shared icon component and a text with a linked range.
import { encodePng } from '../support/png';

export interface GeneratedDocument {
  /** COMPONENT nodes, variants included. */
  components: number;
  /** Payloads a snapshot should produce: standalone components + sets. */
  roots: number;
  /** Layers per component (the icon's own layers not counted). */
  layersPerComponent: number;
  /** Text layers the edit step changes, one per edited component. */
  editableTexts: TextNode[];
}

const FONT: FontName = { family: 'Inter', style: 'Regular' };
const BOLD: FontName = { family: 'Inter', style: 'Bold' };

function solid(r: number, g: number, b: number, opacity = 1): SolidPaint {
  return { type: 'SOLID', color: { r, g, b }, opacity };
}

function text(figma: PluginAPI, name: string, characters: string, size: number, font = FONT): TextNode {
  const node = figma.createText();
  node.name = name;
  node.fontName = font;
  node.characters = characters;
  node.fontSize = size;
  return node;
}

function autoLayout(node: FrameNode | ComponentNode, direction: 'HORIZONTAL' | 'VERTICAL', gap: number, padding: number): void {
  node.layoutMode = direction;
  node.itemSpacing = gap;
  node.paddingTop = padding;
  node.paddingBottom = padding;
  node.paddingLeft = padding;
  node.paddingRight = padding;
}

/** One component with 30 layers (counting the icon instance and its glyph). */
async function buildCardAsync(
  figma: PluginAPI,
  index: number,
  variant: number,
  shared: { icon: ComponentNode; imageHash: string; brandStyle: PaintStyle; accent: Variable },
  editable: TextNode[],
): Promise<ComponentNode> {
  const card = figma.createComponent();
  card.name = `Card ${index}`;
  autoLayout(card, 'VERTICAL', 12, 24);
  card.resize(600, 400);
  card.fills = [solid(1, 1, 1)];
  card.cornerRadius = 8;
  card.description = `Product card number ${index}`;

  const header = figma.createFrame(); // 2
  header.name = 'Header';
  autoLayout(header, 'HORIZONTAL', 8, 0);
  header.fills = [];
  const title = text(figma, 'Title', `Northwind product ${index}`, 20, BOLD); // 3
  const subtitle = text(figma, 'Subtitle', `Collection ${index % 17}`, 14); // 4
  const icon = shared.icon.createInstance(); // 5, glyph 6
  header.appendChild(title);
  header.appendChild(subtitle);
  header.appendChild(icon);
  card.appendChild(header);
  editable.push(title);

  const hero = figma.createRectangle(); // 7
  hero.name = 'Hero image';
  hero.resize(552, 200);
  hero.fills = [{ type: 'IMAGE', imageHash: shared.imageHash, scaleMode: 'FILL' }];
  card.appendChild(hero);

  for (let row = 0; row < 3; row++) { // 8..22
    const line = figma.createFrame();
    line.name = `Row ${row}`;
    autoLayout(line, 'HORIZONTAL', 4, 4);
    line.fills = [];
    const label = text(figma, 'Label', `Feature ${row}`, 14);
    const value = text(figma, 'Value', `${(index * 7 + row) % 100} units`, 14);
    const swatch = figma.createRectangle();
    swatch.name = 'Swatch';
    swatch.resize(16, 16);
    swatch.fills = [solid(0.1 * row, 0.4, 0.8)];
    const dot = figma.createEllipse();
    dot.name = 'Dot';
    dot.resize(8, 8);
    dot.fills = [solid(0.9, 0.2, 0.2)];
    line.appendChild(label);
    line.appendChild(value);
    line.appendChild(swatch);
    line.appendChild(dot);
    card.appendChild(line);
  }

  const button = figma.createFrame(); // 23
  button.name = 'Button';
  autoLayout(button, 'HORIZONTAL', 6, 12);
  button.fills = [variant === 2 ? solid(0.6, 0.6, 0.6) : solid(0.04, 0.52, 1)];
  if (variant !== 2) await button.setFillStyleIdAsync(shared.brandStyle.id);
  button.cornerRadius = 6;
  const buttonLabel = text(figma, 'Label', variant === 1 ? 'Buy now!' : 'Buy now', 16, BOLD); // 24
  const arrow = figma.createVector(); // 25
  arrow.name = 'Arrow';
  arrow.resize(12, 12);
  button.appendChild(buttonLabel);
  button.appendChild(arrow);
  card.appendChild(button);

  const divider = figma.createRectangle(); // 26
  divider.name = 'Divider';
  divider.resize(552, 1);
  divider.fills = [figma.variables.setBoundVariableForPaint(solid(0.9, 0.9, 0.9), 'color', shared.accent)];
  card.appendChild(divider);

  const footer = figma.createFrame(); // 27
  footer.name = 'Footer';
  autoLayout(footer, 'VERTICAL', 2, 0);
  footer.fills = [];
  // An email footer's usual mixed text: a linked, underlined range, so the snapshot reads its
  // styled runs here as it would in a real design system.
  const legal = text(figma, 'Legal', 'Prices include VAT. Terms apply.', 11); // 28
  legal.setRangeHyperlink(20, 32, { type: 'URL', value: 'https://example.com/terms' });
  legal.setRangeTextDecoration(20, 32, 'UNDERLINE');
  footer.appendChild(legal);
  footer.appendChild(text(figma, 'Unsubscribe', 'Unsubscribe', 11)); // 29
  card.appendChild(footer);

  const badge = figma.createEllipse(); // 30
  badge.name = 'Badge';
  badge.resize(24, 24);
  badge.fills = [solid(1, 0.8, 0)];
  card.appendChild(badge);
  return card;
}

export async function generateDocumentAsync(figma: PluginAPI, count: number): Promise<GeneratedDocument> {
  await figma.loadFontAsync(FONT);
  await figma.loadFontAsync(BOLD);
  const pages = [figma.currentPage, figma.createPage()];
  pages[0]!.name = 'Components A';
  pages[1]!.name = 'Components B';

  const brandStyle = figma.createPaintStyle();
  brandStyle.name = 'Brand/Primary';
  // (The style's paints stay at their default: a snapshot captures styles by name.)
  const collection = figma.variables.createVariableCollection('Brand');
  const accent = figma.variables.createVariable('color/divider', collection, 'COLOR');
  accent.setValueForMode(collection.defaultModeId, { r: 0.9, g: 0.9, b: 0.9, a: 1 });
  const image = figma.createImage(encodePng({ width: 8, height: 8, pixel: (x, y) => [x * 32, y * 32, 128, 255] }));

  const icon = figma.createComponent();
  icon.name = 'Icon/Arrow';
  icon.resize(16, 16);
  const glyph = figma.createVector();
  glyph.name = 'Glyph';
  icon.appendChild(glyph);
  pages[0]!.appendChild(icon);

  const shared = { icon, imageHash: image.hash, brandStyle, accent };
  const editableTexts: TextNode[] = [];
  let made = 0;
  let roots = 1; // the icon
  let index = 0;
  while (made < count) {
    const page = pages[index % 2]!;
    // Every third group of three components becomes a variant set.
    if (index % 3 === 2 && count - made >= 3) {
      const variants: ComponentNode[] = [];
      const scratch: TextNode[] = [];
      for (let v = 0; v < 3; v++) {
        const card = await buildCardAsync(figma, made + v, v, shared, scratch);
        card.name = `State=${['Default', 'Hover', 'Disabled'][v]!}`;
        page.appendChild(card);
        variants.push(card);
      }
      const set = figma.combineAsVariants(variants, page);
      set.name = `Card set ${index}`;
      editableTexts.push(scratch[0]!);
      made += 3;
    } else {
      const card = await buildCardAsync(figma, made, 0, shared, editableTexts);
      page.appendChild(card);
      made += 1;
    }
    roots++;
    index++;
  }
  // Figma lays out as it goes; the fake lays out lazily, on the first geometry read. Reading
  // one now applies all pending layout here (untimed), not inside the first timed phase.
  void icon.width;
  return { components: made, roots, layersPerComponent: 30, editableTexts };
}

/** Changes one text layer in each of `count` components spread over the document. */
export async function editComponentsAsync(figma: PluginAPI, doc: GeneratedDocument, count: number, round: number): Promise<number> {
  await figma.loadFontAsync(BOLD);
  const step = Math.max(1, Math.floor(doc.editableTexts.length / count));
  let edited = 0;
  for (let i = 0; i < doc.editableTexts.length && edited < count; i += step) {
    const node = doc.editableTexts[i]!;
    node.characters = `${node.characters} (edit ${round})`;
    edited++;
  }
  return edited;
}
