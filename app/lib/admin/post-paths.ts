/** The owner's pages of one post. */
export const editPostPath = (postId: string) => `/admin/posts/${postId}/edit`;
export const deletePostPath = (postId: string) => `/admin/posts/${postId}/delete`;
