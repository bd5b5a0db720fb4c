// A component set with two variants of the same property values is one Figma marks with a warning
// and then refuses to read (its properties, and its instances'). Found from the variants' names,
// which Figma still reads: the snapshot can then say which set to fix, and how.

/** A variant's name ("Size=Small, Type=Ghost") as its values, in property order, so the order written does not matter. */
function valuesOf(name: string): string {
  return name
    .split(',')
    .map((part) => part.trim())
    .sort()
    .join(', ');
}

/** The name of the first variant whose property values repeat an earlier one's, or null when none does. */
export function variantsAlike(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const values = valuesOf(name);
    if (seen.has(values)) return name;
    seen.add(values);
  }
  return null;
}
