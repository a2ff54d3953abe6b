import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '#server/lib/metrics';

// The monitoring profile's files (docker/prometheus, docker/grafana) name metrics by text: a renamed
// metric would leave a panel or an alert silently empty. Every sahay_ name they use must be one the
// code serves: the process's own, or one read at scrape time (metrics-endpoint.ts).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRAPE_TIME = ['sahay_projection_lag_events', 'sahay_projection_lag_seconds', 'sahay_jobs_queue_depth', 'sahay_db_pool_connections', 'sahay_db_pool_waiting', 'sahay_db_pool_max', 'sahay_metrics_scrape_errors'];

function metricNamesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\bsahay_[a-z_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')));
}

describe('monitoring files', () => {
  const served = new Set([...registry.getMetricsAsArray().map((metric) => metric.name), ...SCRAPE_TIME]);
  const endpoint = fs.readFileSync(path.join(ROOT, 'server/src/http/metrics-endpoint.ts'), 'utf8');

  it('the scrape-time names listed here are the ones metrics-endpoint.ts serves', () => {
    for (const name of SCRAPE_TIME) expect(endpoint).toContain(`'${name}'`);
  });

  it.each(['docker/grafana/dashboards/sahay.json', 'docker/prometheus/alerts.yml'])('%s names only metrics the code serves', (file) => {
    const names = [...metricNamesIn(fs.readFileSync(path.join(ROOT, file), 'utf8'))].filter((name) => !name.startsWith('sahay_prometheus') && name !== 'sahay_overview');
    expect(names.length).toBeGreaterThan(3);
    expect(names.filter((name) => !served.has(name))).toEqual([]);
  });

  it('the dashboard is valid JSON on the provisioned data source, and Prometheus scrapes the port compose gives METRICS_PORT', () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'docker/grafana/dashboards/sahay.json'), 'utf8')) as { uid: string; panels: { datasource: { uid: string } }[] };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(12);
    expect(new Set(dashboard.panels.map((panel) => panel.datasource.uid))).toEqual(new Set(['sahay-prometheus']));
    expect(fs.readFileSync(path.join(ROOT, 'docker/grafana/provisioning/datasources/prometheus.yml'), 'utf8')).toContain('uid: sahay-prometheus');
    const compose = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    const ports = [...compose.matchAll(/METRICS_PORT: "(\d+)"/g)].map(([, port]) => port);
    expect(ports).toEqual(['9464', '9464']);
    const prometheus = fs.readFileSync(path.join(ROOT, 'docker/prometheus/prometheus.yml'), 'utf8');
    expect([...prometheus.matchAll(/port: (\d+)/g)].map(([, port]) => port)).toEqual(['9464', '9464']);
  });
});
