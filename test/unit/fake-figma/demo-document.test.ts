import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';
import { buildDemoDocumentAsync, NORTHWIND_LIBRARY } from '../../fixtures/demo-document';

async function demoAsync() {
  const fake = createFakeFigma();
  await buildDemoDocumentAsync(fake.figma);
  return fake;
}

describe('the Northwind demo document', () => {
  it('builds under dynamic-page with the three pages', async () => {
    const fake = await demoAsync();
    expect(fake.figma.root.children.map((p) => p.name)).toEqual(['Cover', 'Components', 'Emails']);
    expect(fake.figma.currentPage.name).toBe('Components');
  });

  it('has a Button set (Type × Size) with Label, Show icon and Icon properties', async () => {
    const fake = await demoAsync();
    const page = fake.figma.currentPage;
    const button = page.findOne((n) => n.type === 'COMPONENT_SET' && n.name === 'Button') as ComponentSetNode;
    expect(button.variantGroupProperties).toEqual({ Type: { values: ['Primary', 'Secondary', 'Ghost'] }, Size: { values: ['Small', 'Large'] } });
    const definitions = Object.entries(button.componentPropertyDefinitions).map(([name, def]) => `${name.split('#')[0]}:${def.type}`);
    expect(definitions).toEqual(['Type:VARIANT', 'Size:VARIANT', 'Label:TEXT', 'Show icon:BOOLEAN', 'Icon:INSTANCE_SWAP']);
    const iconDefinition = Object.values(button.componentPropertyDefinitions).find((d) => d.type === 'INSTANCE_SWAP')!;
    expect(iconDefinition.preferredValues).toHaveLength(3);
  });

  it('has the email building blocks as local components with styles and variables in use', async () => {
    const fake = await demoAsync();
    const { figma } = fake;
    const names = figma.currentPage.findAllWithCriteria({ types: ['COMPONENT', 'COMPONENT_SET'] }).map((n) => n.name);
    for (const expected of ['Header', 'Hero', 'Product card', 'Footer', 'Divider', 'Icon/Arrow right', 'Icon/Cart', 'Icon/Heart', 'Button']) {
      expect(names).toContain(expected);
    }
    const header = figma.currentPage.findOne((n) => n.name === 'Header') as ComponentNode;
    expect(header.boundVariables?.fills?.[0]?.type).toBe('VARIABLE_ALIAS');
    expect(header.boundVariables?.paddingLeft).toBeDefined();
    const hero = figma.currentPage.findOne((n) => n.name === 'Hero') as ComponentNode;
    const photo = hero.findOne((n) => n.name === 'Photo') as RectangleNode;
    const paint = (photo.fills as Paint[])[0] as ImagePaint;
    expect(paint.type).toBe('IMAGE');
    expect(figma.getImageByHash(paint.imageHash!)).not.toBeNull();
    expect((await figma.getLocalPaintStylesAsync()).map((s) => s.name)).toContain('Brand/Forest');
    expect((await figma.getLocalTextStylesAsync()).length).toBeGreaterThanOrEqual(5);
    expect((await figma.variables.getLocalVariablesAsync('COLOR')).length).toBe(3);
    const footer = figma.currentPage.findOne((n) => n.name === 'Footer') as ComponentNode;
    expect(footer.findAllWithCriteria({ types: ['TEXT'] }).filter((t) => t.hyperlink !== null).length).toBeGreaterThanOrEqual(6);
    const help = footer.findOne((n) => n.name === 'Help') as TextNode;
    expect(help.hyperlink).toBe(figma.mixed);
    expect(help.getStyledTextSegments(['hyperlink']).map((s) => s.characters)).toEqual(['Questions? Reply to this email or visit our ', 'help centre', '.']);
  });

  it('has an email made of instances, including one library component', async () => {
    const fake = await demoAsync();
    const { figma } = fake;
    const emails = figma.root.children.find((p) => p.name === 'Emails')!;
    await emails.loadAsync();
    const email = emails.children[0] as FrameNode;
    expect(email.name).toMatch(/^Spring sale/);
    const instances = email.findAllWithCriteria({ types: ['INSTANCE'] });
    const mains = await Promise.all(instances.map((i) => i.getMainComponentAsync()));
    const remote = mains.filter((m) => m?.remote);
    expect(remote.map((m) => m!.key)).toEqual([NORTHWIND_LIBRARY.logoLockupKey]);
    expect(mains.map((m) => m?.parent?.type === 'COMPONENT_SET' ? m.parent.name : m?.name)).toEqual(
      expect.arrayContaining(['Header', 'Hero', 'Divider', 'Product card', 'Footer', 'Button']),
    );
    const card = instances.find((i) => i.name === 'Product card')!;
    expect(Object.values(card.componentProperties).map((p) => p.value)).toContain('Linen throw, oat');
    expect(email.width).toBe(600);
  });

  it('exports the email as a PNG', async () => {
    const fake = await demoAsync();
    const emails = fake.figma.root.children.find((p) => p.name === 'Emails')!;
    await emails.loadAsync();
    const email = emails.children[0] as FrameNode;
    const png = await email.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: 0.5 } });
    expect(png.length).toBeGreaterThan(1000);
  });
});
