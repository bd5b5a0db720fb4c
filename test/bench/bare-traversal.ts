// The benchmark's floor: visits the same component roots as the snapshotter and reads the same
// node properties the normalizer reads (same getters, same conditions, same async main-component
// look-ups), but builds nothing, rounds nothing, resolves no names and hashes nothing.
// test/unit/snapshot/bare-traversal.test.ts checks that the two read the same properties.

const FRAME_TYPES: Record<string, true> = { FRAME: true, COMPONENT: true, INSTANCE: true, COMPONENT_SET: true };
const SHAPE_TYPES: Record<string, true> = { RECTANGLE: true, ELLIPSE: true, VECTOR: true, LINE: true, POLYGON: true, STAR: true, BOOLEAN_OPERATION: true };
const LIST_FIELDS: Array<'listOptions' | 'indentation' | 'listSpacing'> = ['listOptions', 'indentation', 'listSpacing'];
const SEGMENT_FIELDS = ['fontName', 'fontSize', 'lineHeight', 'letterSpacing', 'textCase', 'textDecoration', 'fills', 'fillStyleId', 'textStyleId', 'hyperlink'] as const;

/** What was read, so that nothing can be skipped as unused. */
export interface BareCounts {
  nodes: number;
  values: number;
}

type Any = Record<string, unknown>;

// Values are counted with inline comparisons only (no arrays, no helper calls), so the floor is
// not inflated by work of its own.

function readNode(node: SceneNode, mixed: symbol, isRoot: boolean, inAutoLayout: boolean, instances: InstanceNode[], counts: BareCounts): void {
  const n = node as unknown as Any;
  const type = node.type;
  void node.id;
  counts.nodes++;
  const isFrame = FRAME_TYPES[type] === true;
  const isShape = SHAPE_TYPES[type] === true;
  const isText = type === 'TEXT';
  const hasPaint = isFrame || isShape || isText;
  let values = 0;
  if (n.blendMode !== undefined) values++;
  const bound = n.boundVariables as Any | undefined;
  if (bound) values += Object.keys(bound).length;
  let autoLayout = false;
  if (isFrame && type !== 'COMPONENT_SET') {
    if (n.clipsContent) values++;
    if (n.layoutMode !== 'NONE') {
      autoLayout = true;
      const wrap = n.layoutWrap === 'WRAP';
      values += (n.primaryAxisAlignItems !== undefined ? 1 : 0) + (n.counterAxisAlignItems !== undefined ? 1 : 0) + (wrap && n.counterAxisSpacing !== undefined ? 1 : 0) + (n.counterAxisSizingMode !== undefined ? 1 : 0) + (n.itemSpacing !== undefined ? 1 : 0) + (n.paddingTop !== undefined ? 1 : 0) + (n.paddingRight !== undefined ? 1 : 0) + (n.paddingBottom !== undefined ? 1 : 0) + (n.paddingLeft !== undefined ? 1 : 0) + (n.primaryAxisSizingMode !== undefined ? 1 : 0);
    }
  }
  if (type === 'INSTANCE') {
    instances.push(node as InstanceNode);
    values += Object.keys(n.componentProperties as Any).length;
  }
  let rounded = false;
  if ((isFrame && type !== 'COMPONENT_SET') || type === 'RECTANGLE') {
    const radius = n.cornerRadius;
    if (radius === mixed) {
      rounded = true;
      values += (n.topLeftRadius !== undefined ? 1 : 0) + (n.topRightRadius !== undefined ? 1 : 0) + (n.bottomRightRadius !== undefined ? 1 : 0) + (n.bottomLeftRadius !== undefined ? 1 : 0);
    } else if (radius) {
      rounded = true;
      values++;
    }
  } else if (isShape && 'cornerRadius' in n) {
    const radius = n.cornerRadius;
    if (radius !== mixed && radius) {
      rounded = true;
      values++;
    }
  }
  if (type !== 'COMPONENT_SET' && (hasPaint || type === 'GROUP')) {
    if (n.effectStyleId) values++;
    values += (n.effects as unknown[]).length;
  }
  let fillsMixed = false;
  if (hasPaint && type !== 'COMPONENT_SET') {
    if (n.fillStyleId) values++;
    const fills = n.fills;
    if (fills === mixed) fillsMixed = true;
    else values += (fills as unknown[]).length;
  }
  if (type === 'ELLIPSE' && n.arcData !== undefined) values++;
  if (rounded && n.cornerSmoothing) values++;
  if (type === 'VECTOR') values += (n.vectorPaths as unknown[]).length;
  if (type === 'BOOLEAN_OPERATION' && n.booleanOperation !== 'UNION') values++;
  if (type === 'STAR') values += (n.innerRadius !== undefined ? 1 : 0) + (n.pointCount !== 5 ? 1 : 0);
  else if (type === 'POLYGON' && n.pointCount !== 3) values++;
  let absolute = false;
  if (type !== 'COMPONENT_SET') {
    values += typeof n.height === 'number' ? 1 : 0;
    if (inAutoLayout) {
      absolute = 'layoutPositioning' in n && n.layoutPositioning === 'ABSOLUTE';
      if ('layoutSizingHorizontal' in n) values += (n.layoutSizingHorizontal !== undefined ? 1 : 0) + (n.layoutSizingVertical !== undefined ? 1 : 0);
    }
    if (autoLayout || inAutoLayout) values += (n.minWidth !== null ? 1 : 0) + (n.maxWidth !== null ? 1 : 0) + (n.minHeight !== null ? 1 : 0) + (n.maxHeight !== null ? 1 : 0);
    if (n.isMask) values += n.maskType !== undefined ? 1 : 0;
  }
  values += typeof n.name === 'string' ? 1 : 0;
  if (type !== 'COMPONENT_SET' && n.opacity !== 1) values++;
  const references = n.componentPropertyReferences as Any | null;
  if (references) values += Object.keys(references).length;
  if (type !== 'COMPONENT_SET' && n.rotation) values++;
  if (hasPaint && type !== 'COMPONENT_SET') {
    const strokes = n.strokes as unknown[];
    if (strokes.length > 0) {
      values += (n.strokeAlign !== undefined ? 1 : 0) + (n.strokeStyleId !== undefined ? 1 : 0);
      if ('strokeCap' in n && n.strokeCap !== 'NONE') values++;
      values += (n.dashPattern as unknown[]).length;
      const join = n.strokeJoin;
      if (join !== 'MITER') values++;
      else if ('strokeMiterLimit' in n && n.strokeMiterLimit !== 4) values++;
      if (n.strokeWeight === mixed && n.strokeTopWeight !== undefined) values += (n.strokeRightWeight !== undefined ? 1 : 0) + (n.strokeBottomWeight !== undefined ? 1 : 0) + (n.strokeLeftWeight !== undefined ? 1 : 0);
      values += strokes.length;
    }
  }
  if (isText) {
    const fontName = n.fontName;
    const fontSize = n.fontSize;
    const lineHeight = n.lineHeight;
    const letterSpacing = n.letterSpacing;
    const textCase = n.textCase;
    const decoration = n.textDecoration;
    const textStyleId = n.textStyleId;
    const hyperlink = n.hyperlink;
    values += (fontName !== undefined ? 1 : 0) + (fontSize !== undefined ? 1 : 0) + (lineHeight !== undefined ? 1 : 0) + (letterSpacing !== undefined ? 1 : 0) + (textCase !== undefined ? 1 : 0) + (decoration !== undefined ? 1 : 0) + (textStyleId !== undefined ? 1 : 0) + (hyperlink !== undefined ? 1 : 0);
    const characters = n.characters as string;
    values += (n.textAlignHorizontal !== undefined ? 1 : 0) + (n.textAutoResize !== undefined ? 1 : 0) + (characters !== undefined ? 1 : 0) + (n.textAlignVertical !== undefined ? 1 : 0);
    // The snapshot's list read: one range read per text, the runs only where there is a list.
    if (characters.length > 0) {
      const options = (node as TextNode).getRangeListOptions(0, characters.length) as TextListOptions | symbol;
      if (options === mixed || (options as TextListOptions).type !== 'NONE') {
        for (const segment of (node as TextNode).getStyledTextSegments(LIST_FIELDS)) if (segment.listOptions.type !== 'NONE' || segment.indentation !== 0) values++;
      } else values++;
    }
    values += (n.paragraphSpacing !== undefined ? 1 : 0) + (n.paragraphIndent !== undefined ? 1 : 0);
    if (n.textTruncation === 'ENDING' && n.maxLines !== undefined) values++;
    const anyMixed = fontName === mixed || fontSize === mixed || lineHeight === mixed || letterSpacing === mixed || textCase === mixed || decoration === mixed || textStyleId === mixed || hyperlink === mixed;
    if (fillsMixed || anyMixed) {
      values += (node as TextNode).getStyledTextSegments(SEGMENT_FIELDS as unknown as Array<(typeof SEGMENT_FIELDS)[number]>).length;
    }
  }
  if (!node.visible) values++;
  if (type !== 'COMPONENT_SET') {
    values += typeof n.width === 'number' ? 1 : 0;
    const positioned = !isRoot && (!inAutoLayout || absolute);
    if (positioned) values += (n.x !== undefined ? 1 : 0) + (n.y !== undefined ? 1 : 0);
  }
  counts.values += values;
  if (type === 'COMPONENT_SET' || isFrame || type === 'GROUP' || type === 'BOOLEAN_OPERATION') {
    const children = (node as ChildrenMixin).children;
    const childIsRoot = type === 'COMPONENT_SET';
    for (const child of children) {
      if (childIsRoot) void child.name;
      readNode(child, mixed, childIsRoot, autoLayout, instances, counts);
    }
  }
}

/** Reads one root's layers the way the normalizer does; main components are looked up too. */
export async function readRootBareAsync(root: ComponentNode | ComponentSetNode, mixed: symbol, counts: BareCounts): Promise<void> {
  void root.componentPropertyDefinitions;
  void root.key;
  void root.name;
  void root.description;
  void root.documentationLinks;
  if (root.type === 'COMPONENT_SET') for (const child of root.children) if (child.type === 'COMPONENT') void [child.key, child.name, child.variantProperties];
  const instances: InstanceNode[] = [];
  readNode(root, mixed, true, false, instances, counts);
  for (const instance of instances) {
    const main = await instance.getMainComponentAsync();
    if (main) counts.values += main.key.length > 0 && !main.remote ? 1 : 0;
  }
}

/** Every page loaded page by page, every local root read bare; `counts` grows as it goes. */
export async function bareTraversalAsync(figma: PluginAPI, yieldAsync: () => Promise<void>, counts: BareCounts = { nodes: 0, values: 0 }): Promise<BareCounts> {
  const before = figma.skipInvisibleInstanceChildren;
  figma.skipInvisibleInstanceChildren = true;
  try {
    for (const page of figma.root.children) {
      await page.loadAsync();
      const roots = page.findAllWithCriteria({ types: ['COMPONENT', 'COMPONENT_SET'] });
      let last = Date.now();
      for (const root of roots) {
        if (root.remote || (root.type === 'COMPONENT' && root.parent?.type === 'COMPONENT_SET')) continue;
        await readRootBareAsync(root, figma.mixed, counts);
        if (Date.now() - last >= 25) {
          await yieldAsync();
          last = Date.now();
        }
      }
    }
  } finally {
    figma.skipInvisibleInstanceChildren = before;
  }
  return counts;
}
