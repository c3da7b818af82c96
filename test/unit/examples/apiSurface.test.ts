import { existsSync, readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const packageJson = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as {
  readonly exports: Record<string, { readonly types: string } | string | null>
}

/** The source file a relative module specifier names (`./x.js` is `./x.ts` or `./x.tsx`). */
const sourceOf = (from: string, specifier: string): string => {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "")
  const found = [".ts", ".tsx"].map((extension) => base + extension).find((path) => existsSync(path))
  if (found === undefined) throw new Error(`${specifier} from ${from}: no source`)
  return found
}

/** The names a module exports, following `export *` through the repository's own files; parsing only. */
const exportedNames = (file: string): ReadonlySet<string> => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022)
  const names = new Set<string>()
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined
      if (statement.exportClause === undefined) {
        if (from !== undefined) for (const name of exportedNames(sourceOf(file, from))) names.add(name)
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        names.add(statement.exportClause.name.text)
      } else {
        for (const element of statement.exportClause.elements) names.add(element.name.text)
      }
    } else if (isExported(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text)
        }
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isModuleDeclaration(statement)) &&
        statement.name !== undefined &&
        ts.isIdentifier(statement.name)
      ) {
        names.add(statement.name.text)
      }
    }
  }
  return names
}

/** The names docs/API.md lists under each `## \`entry\`` heading (lines that start with "- `name`"). */
const documented = (): ReadonlyMap<string, ReadonlyArray<string>> => {
  const byEntry = new Map<string, Array<string>>()
  let entry: Array<string> | undefined
  for (const line of readFileSync(resolve(root, "docs/API.md"), "utf8").split("\n")) {
    const heading = /^## `([^`]+)`/.exec(line)
    if (heading?.[1] !== undefined) {
      entry = []
      byEntry.set(heading[1], entry)
    }
    const item = /^- `([^`]+)`/.exec(line)
    if (item?.[1] !== undefined && entry !== undefined) entry.push(item[1])
  }
  return byEntry
}

/** The package's code entry points, by their import specifier, with the source file each is built from. */
const entries = Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
  target !== null && typeof target === "object"
    ? [
        [
          `tradekit${subpath.slice(1)}`,
          resolve(root, target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts")),
        ] as const,
      ]
    : [],
)

describe("docs/API.md", () => {
  const docs = documented()

  it("has a section for every entry point of package.json, and no other", () => {
    expect([...docs.keys()].sort()).toEqual(entries.map(([specifier]) => specifier).sort())
  })

  it.each(entries)("lists exactly the names %s exports, each once", (specifier, file) => {
    const listed = docs.get(specifier) ?? []
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([])
    expect([...listed].sort()).toEqual(
      [...exportedNames(existsSync(file) ? file : file.replace(/\.ts$/, ".tsx"))].sort(),
    )
  })
})
