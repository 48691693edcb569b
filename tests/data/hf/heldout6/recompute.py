# independent second computation from each file's keys (convention: T=8192, f16 KV, f32 state)
import json
T=8192
def tc(j): return j.get('text_config') or j
def gqa(t):
    hd=t.get('head_dim') or t['hidden_size']//t['num_attention_heads']
    return t['num_key_value_heads']*2*hd*2
out={}
j=json.load(open('qwen-qwen3-30b-a3b-instruct-2507.json')); t=tc(j)
pp=t['num_hidden_layers']*gqa(t); out['qwen-qwen3-30b-a3b-instruct-2507.json']=(pp,0,pp*T)
j=json.load(open('microsoft-phi-mini-moe-instruct.json')); t=tc(j)
pp=t['num_hidden_layers']*gqa(t); out['microsoft-phi-mini-moe-instruct.json']=(pp,0,pp*min(t['sliding_window'],T))
j=json.load(open('moonshotai-kimi-k2.6.json')); t=tc(j)
pp=t['num_hidden_layers']*(t['kv_lora_rank']+t['qk_rope_head_dim'])*2; out['moonshotai-kimi-k2.6.json']=(pp,0,pp*T)
j=json.load(open('nvidia-eagle-block2a-2b-v2.json')); t=tc(j)
pp=t['num_hidden_layers']*gqa(t); out['nvidia-eagle-block2a-2b-v2.json']=(pp,0,pp*T)
j=json.load(open('qwen-qwen3.8-27b.json')); t=tc(j)
lt=t['layer_types']; nf=lt.count('full_attention'); nl=lt.count('linear_attention')
pp=nf*gqa(t)
kd=t['linear_num_key_heads']*t['linear_key_head_dim']; vd=t['linear_num_value_heads']*t['linear_value_head_dim']
conv=(2*kd+vd)*(t['linear_conv_kernel_dim']-1); ssm=t['linear_num_value_heads']*t['linear_key_head_dim']*t['linear_value_head_dim']
st=nl*(conv+ssm)*4; out['qwen-qwen3.8-27b.json']=(pp,st,pp*T+st)
j=json.load(open('minimaxai-minimax-m3.json')); t=tc(j); s=t['sparse_attention_config']
nsp=sum(1 for x in s['sparse_attention_freq'] if x)
pp=t['num_hidden_layers']*gqa(t)+nsp*s['sparse_index_dim']*2; out['minimaxai-minimax-m3.json']=(pp,0,pp*T)
j=json.load(open('qwen-qwen3.6-35b-a3b.json')); t=tc(j)
lt=t['layer_types']; nf=lt.count('full_attention'); nl=lt.count('linear_attention')
pp=nf*gqa(t)
kd=t['linear_num_key_heads']*t['linear_key_head_dim']; vd=t['linear_num_value_heads']*t['linear_value_head_dim']
conv=(2*kd+vd)*(t['linear_conv_kernel_dim']-1); ssm=t['linear_num_value_heads']*t['linear_key_head_dim']*t['linear_value_head_dim']
st=nl*(conv+ssm)*4; out['qwen-qwen3.6-35b-a3b.json']=(pp,st,pp*T+st)
j=json.load(open('microsoft-phi-mini-moe-instruct-abridged.json')); t=tc(j)
pp=t['num_hidden_layers']*gqa(t); w=t.get('sliding_window'); out['microsoft-phi-mini-moe-instruct-abridged.json']=(pp,0,pp*(min(w,T) if w else T))
for f in ['mistralai-mistral-small-24b-instruct-2501.json','paddlepaddle-paddleocr-vl.json','qwen-qwen3-1.7b.json']:
    t=tc(json.load(open(f))); pp=t['num_hidden_layers']*gqa(t); out[f]=(pp,0,pp*T)
for f in ['nvidia-nemotron-3-nano-30b-a3b-base-bf16.json','nvidia-nemotron-nano-12b-v2.json']:
    t=json.load(open(f)); p=t['hybrid_override_pattern']
    pp=p.count('*')*gqa(t)
    inner=t['mamba_num_heads']*t['mamba_head_dim']; convdim=inner+2*t['n_groups']*t['ssm_state_size']
    st=p.count('M')*(convdim*(t['conv_kernel']-1)+t['mamba_num_heads']*t['mamba_head_dim']*t['ssm_state_size'])*4
    out[f]=(pp,st,pp*T+st)
t=json.load(open('microsoft-phi-4-mini-instruct.json')); pp=t['num_hidden_layers']*gqa(t)
w=t.get('sliding_window'); out['microsoft-phi-4-mini-instruct.json']=(pp,0,pp*(min(w,T) if w else T))
t=json.load(open('stepfun-ai-step-3.5-flash.json')); o=t['attention_other_setting']; pp=0; tot=0
for lt in t['layer_types'][:t['num_hidden_layers']]:
    if lt=='sliding_attention': b=o['num_attention_groups']*2*o.get('head_dim',t['head_dim'])*2; n=min(t['sliding_window'],T)
    else: b=t['num_attention_groups']*2*t['head_dim']*2; n=T
    pp+=b; tot+=b*n
out['stepfun-ai-step-3.5-flash.json']=(pp,0,tot)
for k,v in sorted(out.items()): print(k,*v,sep='\t')
