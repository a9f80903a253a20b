import { DASHBOARD_VIEWS_FOR_TEST } from './router.fixtures';
import { fillPath, matchPath, matchRoute, splitHash } from './router';
import { viewsFor } from './registry';

describe('hash router', () => {
  it('matches patterns with parameters, decoded, and nothing else', () => {
    expect(matchPath('/projects/:projectId/environments/:environment/keys', '/projects/p%201/environments/live/keys')).toEqual({
      projectId: 'p 1',
      environment: 'live',
    });
    expect(matchPath('/projects/:projectId/keys', '/projects/p1/keys/extra')).toBeNull();
    expect(matchPath('/projects/:projectId/keys', '/projects/p1/webhook')).toBeNull();
    expect(matchPath('/projects/:projectId', '/projects/%E0%A4%A')).toBeNull();
  });

  it('splits the query off the fragment and finds the first matching route', () => {
    expect(splitHash('#/audit?operatorId=op1&action=keys.rotate').query.get('action')).toBe('keys.rotate');
    expect(splitHash('').path).toBe('/');
    expect(matchRoute(DASHBOARD_VIEWS_FOR_TEST, '#/audit?action=x')?.route.id).toBe('audit');
    expect(matchRoute(DASHBOARD_VIEWS_FOR_TEST, '#/nowhere')).toBeNull();
  });

  it('fills a pattern from the pickers, encoded, or answers null when one is missing', () => {
    expect(fillPath('/projects/:projectId/environments/:environment/keys', { projectId: 'a/b', environment: 'test' })).toBe(
      '/projects/a%2Fb/environments/test/keys',
    );
    expect(fillPath('/projects/:projectId/keys', { projectId: null })).toBeNull();
  });

  it('shows each role only the views that name it', () => {
    expect(viewsFor(DASHBOARD_VIEWS_FOR_TEST, 'reviewer').map((view) => view.id)).toEqual(['audit']);
    expect(viewsFor(DASHBOARD_VIEWS_FOR_TEST, 'admin').map((view) => view.id)).toEqual(['keys', 'audit']);
  });
});
