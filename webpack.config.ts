import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/** The project root; webpack-cli loads this file as an ES module. */
const root = import.meta.dirname;

/** API server the dev server proxies to (npm run dev starts it on this port). */
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

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
