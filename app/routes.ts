import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:id", "routes/service-details.tsx"),
  route("services/:id/edit", "routes/edit-service.tsx"),
  route("services/:id/delete", "routes/delete-service.tsx"),
  route("services/:id/enroll", "routes/enroll.tsx"),
  route("my-courses", "routes/my-courses.tsx"),
  route("blog", "routes/blog.tsx"),
  route("contact", "routes/contact.tsx"),
  route("my-reviews", "routes/my-reviews.tsx"),
  route("add-service", "routes/add-service.tsx"),
  route("update/:id", "routes/update-review.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/google", "routes/auth-google.tsx"),
  route("auth/welcome", "routes/auth-welcome.tsx"),
  route("admin", "routes/admin.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
