// electron-builder: `npm run dist` builds the installers for the platform it runs on (Linux
// AppImage + .deb, macOS .dmg, Windows NSIS) into dist/. CommonJS because electron-builder
// loads it with require() while package.json says "type": "module".

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'org.cardwright.app',
  productName: 'Cardwright',
  directories: { output: 'dist', buildResources: 'build' },
  // What the app reads at runtime (see src-main/app-paths.ts): the built bundles, the built-in
  // game systems (their JSON files, and the fonts and licenses a game may ship), the sample sets
  // and the PDF fonts. Production dependencies (better-sqlite3,
  // pdfkit with its data/ files, ajv, zod) are added by electron-builder; sqlite's C sources
  // are not needed next to the prebuilt binary.
  files: [
    'package.json',
    'out/**/*',
    'card-schema/systems/**/*.{json,ttf,otf,txt,md}',
    'card-schema/starters/**/*.json',
    'resources/**/*',
    '!node_modules/better-sqlite3/{deps,src}/**/*',
    '!node_modules/better-sqlite3/binding.gyp',
  ],
  asar: true,
  // Native addons cannot be loaded from inside app.asar; Electron redirects require() of these
  // to app.asar.unpacked. Everything else (systems, samples, fonts, renderer) is read from the
  // asar by Electron's patched fs. sharp's addon (@img/sharp-<platform>) loads libvips, a shared
  // library beside it (@img/sharp-libvips-<platform>), which the dynamic linker must find on disk.
  asarUnpack: ['node_modules/better-sqlite3/**/*.node', 'node_modules/sharp/**/*', 'node_modules/@img/**/*'],
  // better-sqlite3 ships N-API prebuilds that load in Node and Electron alike: no rebuild.
  npmRebuild: false,
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // The renderer is served from app://, never file://.
    grantFileProtocolExtraPrivileges: false,
  },
  publish: null,
  artifactName: '${productName}-${version}-${arch}.${ext}',
  // Each installer carries only its own platform's better-sqlite3 binaries (merged with `files`).
  linux: {
    target: ['AppImage', 'deb'],
    files: ['!node_modules/better-sqlite3/prebuilds/{darwin,win32}-*.node'],
    executableName: 'cardwright',
    category: 'Game',
    synopsis: 'Design cards, build legal decks, print and playtest tabletop card games',
    maintainer: 'Cardwright contributors',
  },
  mac: {
    target: ['dmg'],
    files: ['!node_modules/better-sqlite3/prebuilds/{linux,linuxmusl,win32}-*.node'],
    category: 'public.app-category.board-games',
  },
  win: {
    target: ['nsis'],
    files: ['!node_modules/better-sqlite3/prebuilds/{darwin,linux,linuxmusl}-*.node'],
  },
  nsis: {
    oneClick: false,
    allowToChangeInstallationDirectory: true,
  },
};
