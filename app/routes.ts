import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // The reading site: header with the categories, ticker and the shared parts (page cache).
  layout('routes/site-layout.tsx', [
    index('routes/public/home.tsx'),
    route('login', 'routes/public/login.tsx'),
    route('article/:id', 'routes/public/article.tsx', { id: 'article' }),
    route('public/articles/:id', 'routes/public/article.tsx', { id: 'public-article' }),
    route('public/articles/category/:id', 'routes/public/category.tsx'),
    route('district/:slug', 'routes/public/district.tsx'),
    route('search', 'routes/public/search.tsx'),
    route('author/:username', 'routes/public/author.tsx'),
    route('tag/:slug', 'routes/public/tag.tsx'),
    route('about-us', 'routes/public/about.tsx'),
    route('unauthorized', 'routes/public/unauthorized.tsx'),
    route('reset-password/:token', 'routes/public/reset-password.tsx'),
    route('verify-email/:token', 'routes/public/verify-email.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),

  // The account page: the staff shell for staff, the site's shell for readers.
  layout('routes/account-layout.tsx', [route('user-dashboard', 'routes/user/dashboard.tsx')]),

  // The staff screens' own shell: the staff menu, none of the reader's parts, never page-cached.
  // Guards: each layout checks its role once (app/lib/guard.ts).
  layout('routes/staff-layout.tsx', [
    route('reporter-dashboard', 'routes/reporter/layout.tsx', [
      index('routes/reporter/home.tsx'),
      layout('routes/reporter/desk-layout.tsx', { id: 'reporter-desk' }, [
        route('article-create', 'routes/reporter/article-create.tsx', { id: 'article-create' }),
        route('write-article', 'routes/reporter/article-create.tsx', { id: 'write-article' }),
        route('my-articles', 'routes/reporter/my-articles.tsx'),
        route('article-edit/:id', 'routes/reporter/article-edit.tsx'),
        route('pending-rejected-articles', 'routes/reporter/pending-rejected.tsx'),
      ]),
    ]),
    layout('routes/reporter/desk-layout.tsx', { id: 'reporter-view' }, [
      route('reporter/view-article/:id', 'routes/reporter/view-article.tsx'),
    ]),

    route('admin-dashboard', 'routes/admin/layout.tsx', [
      index('routes/admin/home.tsx'),
      route('usermanagement', 'routes/admin/users.tsx'),
      route('categorymanagement', 'routes/admin/categories.tsx'),
      route('pending-articles', 'routes/admin/pending-articles.tsx'),
      route('view-article/:id', 'routes/admin/view-article.tsx'),
      route('approved-articles', 'routes/admin/approved-articles.tsx'),
      route('view-approved-article/:id', 'routes/admin/view-approved-article.tsx'),
      route('edit-approved-article/:id', 'routes/admin/edit-approved-article.tsx'),
      route('navigation-management', 'routes/admin/navigation.tsx'),
      route('featured-categories', 'routes/admin/featured.tsx'),
      route('about-us-management', 'routes/admin/about.tsx'),
      route('ad-management', 'routes/admin/ads.tsx'),
      route('scheduled-articles', 'routes/admin/scheduled-articles.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      route('tag-management', 'routes/admin/tags.tsx'),
      route('newsletter', 'routes/admin/newsletter.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
