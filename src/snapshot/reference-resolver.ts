// Resolves the placeholders the normalizer leaves (references.ts) with Figma's async API, the
// only one allowed under dynamic-page. Style, variable and component-key look-ups are cached
// for the life of the snapshotter; `refreshAsync` re-reads every cached style and variable so
// an incremental snapshot notices renames and value edits (which fire no node change).
import { findComponentRoot } from './component-roots';
import type { NormalizedVariableRef } from './normalized-types';
import type { PendingReference } from './references';

/** What one component's description depends on besides its own layers. */
export interface ComponentDependencies {
  readonly styleIds: Set<string>;
  readonly variableIds: Set<string>;
  /** Roots of the local main components its instances use. */
  readonly rootIds: Set<string>;
}

export function emptyDependencies(): ComponentDependencies {
  return { styleIds: new Set(), variableIds: new Set(), rootIds: new Set() };
}

interface CachedStyle {
  name: string | null;
  fingerprint: string;
}

interface CachedVariable {
  ref: NormalizedVariableRef | null;
  fingerprint: string;
}

function styleFingerprint(style: BaseStyle | null): string {
  if (!style) return '';
  let content = '';
  if (style.type === 'PAINT') content = JSON.stringify((style).paints);
  else if (style.type === 'EFFECT') content = JSON.stringify((style).effects);
  else if (style.type === 'TEXT') {
    const text = style;
    content = JSON.stringify([text.fontName, text.fontSize, text.lineHeight, text.letterSpacing, text.textCase, text.textDecoration]);
  }
  return `${style.type}\u0000${style.name}\u0000${content}`;
}

export class ReferenceResolver {
  private readonly styles = new Map<string, CachedStyle>();
  private readonly variables = new Map<string, CachedVariable>();
  private readonly collections = new Map<string, string>();
  private readonly componentKeys = new Map<string, string | null>();

  constructor(private readonly figma: PluginAPI) {}

  /** Patches every pending reference in place and records what the component depends on. */
  async resolveAsync(pending: readonly PendingReference[], dependencies: ComponentDependencies): Promise<void> {
    for (const reference of pending) {
      let value: unknown;
      switch (reference.kind) {
        case 'style':
          dependencies.styleIds.add(reference.id);
          value = (this.styles.get(reference.id) ?? (await this.loadStyleAsync(reference.id))).name;
          break;
        case 'variable':
          dependencies.variableIds.add(reference.id);
          value = (this.variables.get(reference.id) ?? (await this.loadVariableAsync(reference.id))).ref;
          break;
        case 'component-id': {
          const cached = this.componentKeys.get(reference.id);
          value = cached !== undefined ? cached : await this.loadComponentKeyAsync(reference.id);
          break;
        }
        case 'instance': {
          const main = await reference.node!.getMainComponentAsync();
          value = main ? main.key : null;
          if (main && !main.remote) {
            const root = findComponentRoot(main);
            if (root) dependencies.rootIds.add(root.id);
          }
          break;
        }
      }
      (reference.target as Record<string | number, unknown>)[reference.field] = value;
    }
  }

  /** Re-reads cached styles and variables; returns the ids whose name or content changed. */
  async refreshAsync(): Promise<{ styleIds: Set<string>; variableIds: Set<string> }> {
    const styleIds = new Set<string>();
    const variableIds = new Set<string>();
    this.collections.clear();
    for (const [id, cached] of [...this.styles]) {
      const fresh = await this.loadStyleAsync(id);
      if (fresh.fingerprint !== cached.fingerprint || fresh.name !== cached.name) styleIds.add(id);
    }
    for (const [id, cached] of [...this.variables]) {
      const fresh = await this.loadVariableAsync(id);
      if (fresh.fingerprint !== cached.fingerprint) variableIds.add(id);
    }
    return { styleIds, variableIds };
  }

  private async loadStyleAsync(id: string): Promise<CachedStyle> {
    const style = await this.figma.getStyleByIdAsync(id);
    const cached = { name: style ? style.name : null, fingerprint: styleFingerprint(style) };
    this.styles.set(id, cached);
    return cached;
  }

  private async loadVariableAsync(id: string): Promise<CachedVariable> {
    const variable = await this.figma.variables.getVariableByIdAsync(id);
    let cached: CachedVariable;
    if (!variable) {
      cached = { ref: null, fingerprint: '' };
    } else {
      let collection = this.collections.get(variable.variableCollectionId);
      if (collection === undefined) {
        const found = await this.figma.variables.getVariableCollectionByIdAsync(variable.variableCollectionId);
        collection = found ? found.name : '';
        this.collections.set(variable.variableCollectionId, collection);
      }
      const ref: NormalizedVariableRef = { collection, name: variable.name };
      cached = { ref, fingerprint: `${collection}\u0000${variable.name}\u0000${await this.valuesFingerprintAsync(variable, 0)}` };
    }
    this.variables.set(id, cached);
    return cached;
  }

  /**
   * A variable's values by mode, with the values of the variables they alias: a layer bound to
   * an alias shows the aliased value, and editing that value changes no layer and not the alias.
   */
  private async valuesFingerprintAsync(variable: Variable, depth: number): Promise<string> {
    const values = variable.valuesByMode;
    let fingerprint = JSON.stringify(values);
    if (depth >= 10) return fingerprint; // Figma refuses alias cycles; this only bounds the walk
    for (const modeId of Object.keys(values).sort()) {
      const value = values[modeId] as VariableAlias | null;
      if (value === null || typeof value !== 'object' || value.type !== 'VARIABLE_ALIAS') continue;
      const target = await this.figma.variables.getVariableByIdAsync(value.id);
      fingerprint += `\u0000${value.id}=${target ? await this.valuesFingerprintAsync(target, depth + 1) : ''}`;
    }
    return fingerprint;
  }

  private async loadComponentKeyAsync(id: string): Promise<string | null> {
    const node = await this.figma.getNodeByIdAsync(id);
    const key = node && (node.type === 'COMPONENT' || node.type === 'COMPONENT_SET') ? node.key : null;
    this.componentKeys.set(id, key);
    return key;
  }
}
