// Whether the file's component is exactly a design-system version although their hashes differ.
// A version written by the builder app (a teammate editing there) carries a hash of the app's own,
// not Envelope's content hash, so "the same on both sides" cannot always be told by hash alone.
import type { Component } from '../shared/api/builder/schemas';
import type { ComponentPayload } from '../snapshot';
import { withoutEmptyFields } from './definition-fields';
import { jsonEqual } from './json-equal';

/** The fields the content hash covers (ComponentPayload.hash), compared as content. */
export function sameContent(local: ComponentPayload, remote: Component): boolean {
  return (
    !remote.deleted &&
    local.name === remote.name &&
    local.kind === remote.kind &&
    local.description === remote.description &&
    // An empty field of a definition is none (definition-fields.ts): another writer may send it.
    jsonEqual(local.properties, withoutEmptyFields(remote.properties)) &&
    jsonEqual(local.variants, remote.variants) &&
    jsonEqual(local.node, remote.node)
  );
}
