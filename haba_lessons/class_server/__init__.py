"""A class server: ``haba-lessons class-server --class-data DIR``.

JupyterHub on a teacher's laptop or a school machine, with one login per group (the group's
nickname and the class password), the course in each group's own folder (student copies),
and every group's ``class-data/`` pointing at the one shared folder DIR, so the recorders of
lessons 01-08 write straight into the class's pool and notebook 12 reads it with no upload.

* :mod:`.launch` — the command: its checks, starting JupyterHub, stopping everything;
* :mod:`.hub` — JupyterHub's configuration (login, the groups' servers, idle culling);
* :mod:`.groups` — a group's folder (its notebooks and the class-data link).

It needs JupyterHub and jupyterhub-idle-culler (``pip install -e ".[server]"``) and
JupyterHub's web proxy, configurable-http-proxy (Node.js; ``npm ci --prefix
deploy/class-server``). The same setup for a district's Kubernetes cluster is
``deploy/kubernetes/values.yaml``.
"""
