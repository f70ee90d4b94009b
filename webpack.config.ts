import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack from 'webpack';
import type { Compilation, Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/** The project root; webpack-cli loads this file as an ES module. */
const root = import.meta.dirname;

/** API server the dev server proxies to (npm run dev starts it on this port). */
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * After a production build, prints the JS each lazy route adds to the first page (gzip): its own
 * chunk plus the vendor chunks only it pulls in (files of the initial bundle are not counted).
 */
class RouteSizeReport {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('RouteSizeReport', (compilation: Compilation) => {
      // Sources are released once written: read the files back.
      const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(compiler.outputPath, file))).length;
      const jsFiles = (chunks: Iterable<{ files: Set<string> }>) => [...chunks].flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
      const initial = new Set([...compilation.entrypoints.values()].flatMap((entry) => jsFiles(entry.chunks)));
      const initialBytes = [...initial].reduce((sum, file) => sum + gzip(file), 0);
      const routes = [...compilation.namedChunkGroups.entries()]
        .filter(([, group]) => !group.isInitial())
        .map(([name, group]) => {
          const files = jsFiles(group.chunks).filter((file) => !initial.has(file));
          return { name, files: files.length, bytes: files.reduce((sum, file) => sum + gzip(file), 0) };
        })
        .sort((a, b) => b.bytes - a.bytes);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
      const lines = [`initial bundle ${kb(initialBytes)} gzip`, ...routes.map((route) => `  route ${route.name.padEnd(16)} +${kb(route.bytes)} gzip (${route.files} files)`)];
      console.log(`\nJS per route (gzip):\n${lines.join('\n')}\n`);
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode === 'production';
  const serving = process.env.WEBPACK_SERVE === 'true';
  return {
    mode: production ? 'production' : 'development',
    entry: path.resolve(root, 'src/client/main.tsx'),
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].chunk.js' : 'assets/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@client': path.resolve(root, 'src/client'),
        '@shared': path.resolve(root, 'src/shared'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true, envName: production ? 'production' : 'development' } },
        },
        { test: /\.(png|svg|jpg|jpeg|webp|ico)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.resolve(root, 'public/index.html'), favicon: path.resolve(root, 'public/favicon.svg') }),
      new CopyWebpackPlugin({
        patterns: [{ from: path.resolve(root, 'public'), globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } }],
      }),
      new webpack.DefinePlugin({
        // Where the SPA finds the API; a relative base keeps it on the same host.
        'process.env.ADWISE_API_URL': JSON.stringify(process.env.ADWISE_API_URL ?? '/api/'),
      }),
      ...(serving ? [new ReactRefreshWebpackPlugin()] : []),
      ...(production ? [new RouteSizeReport()] : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/dev/mailbox'], target: apiTarget }],
    },
  };
};
